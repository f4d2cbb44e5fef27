"""Codes shared by the Inheritors tables (:mod:`.rules`), the state (:mod:`.state`) and its
information (:mod:`.information`) and JSON (:mod:`.serialize`) modules."""

# card kinds (of types)
K_INF, K_ADV, K_TOME, K_RELIC, K_SPEC, K_EPIC = range(6)
KIND_NAMES = ("influence", "advocate", "tome", "relic", "advocate", "epic")
WHITE = 5            # "All Advocates are white" (action 3): the advocates' colour index
ANY = -1             # Tomes and Epics: any colour in the Market (action 3)
MAX_DEPTH = 120      # positions in a Market row an Advisor may take from (> every card)
MAX_SEATS = 4

# condition codes (C_CARDS: the variant ``honors-count-covered-cards``, ruling R1)
C_HAND, C_STACKS, C_INF, C_HIGH, C_QUESTS, C_AHEAD, C_USED, C_CARDS = range(8)
# effect codes (pending effects of a turn; scoring effects)
E_DRAW, E_TAKE, E_PLAY, E_DEMAND, E_REMOVE, E_CARDS, E_SCORE, E_MAJORITY, E_IF = range(9)

# the state's phases (each node of the game) and stages (the steps of a turn)
PH_COLOUR, PH_HONOR, PH_CLAN, PH_DRAW, PH_QUEST, PH_FIRST, PH_START, PH_EFFECT, PH_QDISC, \
    PH_POST, PH_END = range(11)
PHASE_NAMES = ("remove-colour", "reveal-honor", "reveal-clan", "draw", "quest-draw",
               "first-player", "start", "effect", "quest-discard", "post", "end")
CHANCE_PHASES = frozenset({PH_COLOUR, PH_HONOR, PH_CLAN, PH_DRAW, PH_QUEST, PH_FIRST})
ST_SETUP, ST_BEFORE, ST_ACTION, ST_AFTER, ST_EOT = range(5)
STAGE_NAMES = ("setup", "before", "action", "after", "end-of-turn")
#: No upper bound known on a hand's copies of a type.
NOCAP = 10 ** 6
ROW = 10  # draw-queue entries ROW + r restock Market row r
HAND_SIZE = 10
EFFECT_NAMES = ("draw", "take_from_market", "play_influence", "demand_card",
                "remove_top_card", "take_cards", "score", "majority", "requirement")
#: Codes that may wait in the pending effects of a turn.
PENDING_CODES = frozenset({E_DRAW, E_TAKE, E_PLAY, E_DEMAND, E_REMOVE, E_CARDS, E_IF})
#: The numbers (bit positions, 0-5) set in each 6-bit stack mask.
BITS = tuple(tuple(k for k in range(6) if m >> k & 1) for m in range(64))
#: Kinds of :attr:`InheritorsState.notes` (public consequences of a move).
NOTE_KINDS = ("held", "missed", "shown", "noplay")
