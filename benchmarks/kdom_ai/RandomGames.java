// regalia's driver for kdom-ai (Gedda et al. 2018, github mgedda/kdom-ai): random games of
// 4-player Kingdomino played through kdom-ai's own engine (TinyGameState, TinyTrueRandom,
// its scorer), for benchmarks/bench_native.py. Written for regalia; compiled against a
// fetched copy of kdom-ai outside the repository by build.sh (kdom-ai's code is never
// copied into regalia).
//
// Usage: java -cp OUT:fastutil.jar RandomGames PLAYERS WARMUP_SECONDS SECONDS
// Prints one line: "<games> games in <cpu seconds> CPU-s: <games per CPU-second>".

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import kingdominoplayer.gamecontents.GameContents;
import kingdominoplayer.naiverepresentation.datastructures.Domino;
import kingdominoplayer.tinyrepresentation.datastructures.TerrainCode;
import kingdominoplayer.tinyrepresentation.datastructures.TinyConst;
import kingdominoplayer.tinyrepresentation.datastructures.TinyGameState;
import kingdominoplayer.tinyrepresentation.gamestrategies.TinyStrategy;
import kingdominoplayer.tinyrepresentation.gamestrategies.TinyTrueRandom;

public final class RandomGames {
    private static final TinyStrategy RANDOM = new TinyTrueRandom();

    /** The 9 bytes kdom-ai keeps per domino: number, terrain and crowns of each half, an
     *  unplaced position. */
    private static byte[] domino(Domino d) {
        byte[] out = new byte[TinyConst.DOMINO_SIZE];
        Arrays.fill(out, TinyConst.INVALID_PLACEMENT_VALUE);
        out[TinyConst.DOMINO_ID_INDEX] = (byte) d.getNumber();
        out[TinyConst.DOMINO_TILE_1_TERRAIN_INDEX] = TerrainCode.from(d.getTile1().getTerrain());
        out[TinyConst.DOMINO_TILE_1_CROWNS_INDEX] = (byte) d.getTile1().getCrowns();
        out[TinyConst.DOMINO_TILE_2_TERRAIN_INDEX] = TerrainCode.from(d.getTile2().getTerrain());
        out[TinyConst.DOMINO_TILE_2_CROWNS_INDEX] = (byte) d.getTile2().getCrowns();
        return out;
    }

    /** A new game: castles in the kingdoms' centres, the first line drawn at random (sorted
     *  by number, no kings on it), the other dominoes in the draw pile. */
    private static TinyGameState newGame(int players, List<Domino> all, java.util.Random rng) {
        int line = players == 3 ? 3 : 4;
        int used = players == 4 ? 48 : 12 * players;
        List<Domino> box = new ArrayList<>(all);
        Collections.shuffle(box, rng);
        box = box.subList(0, used);
        List<Domino> first = new ArrayList<>(box.subList(0, line));
        first.sort((a, b) -> Integer.compare(a.getNumber(), b.getNumber()));
        int k = TinyConst.SINGLE_PLAYER_KINGDOM_SIZE;
        byte[] terrains = new byte[players * k];
        byte[] crowns = new byte[players * k];
        int castle = TinyGameState.tileCoordinateToLinearIndex(0, 0);
        for (int p = 0; p < players; p++) {
            terrains[p * k + castle] = TerrainCode.from("CASTLE");
        }
        byte[] current = new byte[line * TinyConst.DRAFT_ELEMENT_SIZE];
        byte[] previous = new byte[line * TinyConst.DRAFT_ELEMENT_SIZE];
        Arrays.fill(current, TinyConst.INVALID_DOMINO_VALUE);
        Arrays.fill(previous, TinyConst.INVALID_DOMINO_VALUE);
        for (int i = 0; i < line; i++) {
            System.arraycopy(domino(first.get(i)), 0, current, i * TinyConst.DRAFT_ELEMENT_SIZE,
                             TinyConst.DOMINO_SIZE);
        }
        byte[] pile = new byte[(used - line) * TinyConst.DOMINO_SIZE];
        for (int i = line; i < used; i++) {
            System.arraycopy(domino(box.get(i)), 0, pile, (i - line) * TinyConst.DOMINO_SIZE,
                             TinyConst.DOMINO_SIZE);
        }
        String[] names = new String[players];
        for (int p = 0; p < players; p++) {
            names[p] = "p" + p;
        }
        return new TinyGameState(terrains, crowns, current, previous, names, pile, null);
    }

    /** One random game to its end, then every player's score; returns its moves. */
    private static int play(TinyGameState state) {
        int moves = 0;
        while (!state.isGameOver()) {
            String player = state.getPlayerTurn();
            state = state.makeMove(player, RANDOM.selectMove(player, state));
            moves++;
        }
        state.getScoresIndexed();
        return moves;
    }

    public static void main(String[] args) {
        int players = Integer.parseInt(args[0]);
        double warmup = Double.parseDouble(args[1]);
        double seconds = Double.parseDouble(args[2]);
        List<Domino> all = new ArrayList<>(GameContents.getDominoes());
        java.util.Random rng = new java.util.Random(12345);
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        long start = cpu.getCurrentThreadCpuTime();
        while ((cpu.getCurrentThreadCpuTime() - start) / 1e9 < warmup) {
            play(newGame(players, all, rng));
        }
        long games = 0, moves = 0;
        start = cpu.getCurrentThreadCpuTime();
        double elapsed;
        do {
            moves += play(newGame(players, all, rng));
            games++;
            elapsed = (cpu.getCurrentThreadCpuTime() - start) / 1e9;
        } while (elapsed < seconds);
        System.out.printf("%d games (%d moves) in %.3f CPU-s: %.1f games per CPU-second%n",
                          games, moves, elapsed, games / elapsed);
    }
}
