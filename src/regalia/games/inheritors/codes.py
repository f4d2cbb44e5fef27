"""Codes shared by the Inheritors tables (:mod:`.rules`) and state (:mod:`.state`)."""

# card kinds (of types)
K_INF, K_ADV, K_TOME, K_RELIC, K_SPEC, K_EPIC = range(6)
KIND_NAMES = ("influence", "advocate", "tome", "relic", "advocate", "epic")
WHITE = 5            # "All Advocates are white" (action 3): the advocates' colour index
ANY = -1             # Tomes and Epics: any colour in the Market (action 3)
MAX_DEPTH = 120      # positions in a Market row an Advisor may take from (> every card)
MAX_SEATS = 4

# condition codes
C_HAND, C_STACKS, C_INF, C_HIGH, C_QUESTS, C_AHEAD, C_USED = range(7)
# effect codes (pending effects of a turn; scoring effects)
E_DRAW, E_TAKE, E_PLAY, E_DEMAND, E_REMOVE, E_CARDS, E_SCORE, E_MAJORITY, E_IF = range(9)
