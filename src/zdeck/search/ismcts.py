"""Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012), through the kernel contract only.

One tree is grown from the searching seat's point of view. Each iteration

1. determinises: `view.resample_hidden(seat, rng, recall=True)` re-deals everything the seat was never
   shown, so the search never reads a hidden card, and the copy's own generator makes its future deals
   (with perfect recall, as information sets are defined: a card shown earlier stays known, e.g. a Zop Zoo
   discard since buried; `recall=False` searches what the observation shows now);
2. selects down the tree with UCB over action ids, counting for each edge how often it was
   *available* (an edge's exploration term uses its availability, not its parent's visits, since
   a determinisation may not offer every action);
3. expands one new node;
4. rolls out with a fast policy (uniform random, or one of the game's own bots) to the end of the
   game, or to the end of the current hand (`horizon="hand"`), and evaluates the position there;
5. backs the reward up, each edge with the reward of the seat that chose it.

Races. A moment where several seats may act (Zip Zap's race, Zoop's ZOOP! calls, ZAR's matching)
is a simultaneous move, so every node is decoupled (DUCT): each actor keeps its own edge statistics
at the node and chooses without seeing the others' choices, among its legal actions and `WAIT`
(hold back) when waiting is possible - when someone else may act, or when the game has a timeout
rule at this moment. The choices are then resolved as the simulator resolves them: the proposals
land quickest first, timed by the simulator's reaction model (`asking.reaction`: a reflex such as a
ZOOP! call is quicker than a considered move; every seat is timed as this bot), the first at the
current version and the others as late submissions for the rules to bounce, penalise or apply; if everyone
waits, the state times out. The child reached is keyed by what landed. At the root the searching
seat answers its most visited edge, and `WAIT` means the bot returns None (it holds back).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from zdeck.asking import LazyObservation, reaction
from zdeck.bots import Bot, BotBase
from zdeck.core import Action, Game, IllegalAction, Outcome, State
from zdeck.rng import Rng

WAIT = -1  # the edge id of holding back
JUDGES = ("score", "cards", "gain")  # how a position stopped short of the game's end is judged (`evaluate`)
NODES = ("moves", "view")  # what tells two children apart (`nodes`)
ROOTS = ("ucb", "paired")  # how the root's answers are tried (`root`)
_TIMEOUT_KEY = -1  # the child reached when every actor waited
_SEATS = 32  # child keys of one landed action: action id * _SEATS + seat (ZAR seats at most 14)
_BOUNCED = Outcome.BOUNCED
ROLLOUT_STEP_LIMIT = 5_000  # a rollout still going after this many moves is evaluated where it stands

RolloutBots = Callable[[], Bot]


class Node:
    """One information set of the tree: per actor, per edge id, [visits, reward sum, availability]."""

    __slots__ = ("children", "hints", "samples", "stats", "waits")

    def __init__(self) -> None:
        self.children: dict[Any, Node] = {}
        self.stats: dict[int, dict[int, list[float]]] = {}
        self.waits: dict[tuple[int, tuple[int, ...]], bool] | None = None  # may a lone actor hold back here?
        self.hints: dict[int, int] | None = None  # per actor, the edge its rollout bot would take (`lean`)
        self.samples: list[dict[int, float]] = []  # root="paired": per determinisation, each answer's reward


class ISMCTS(BotBase):
    """A bot that searches: `iters` iterations or `ms` milliseconds per decision, whichever ends first.

    `c` is the UCB exploration constant (rewards lie in [0, 1]); `rollout` is "random" or a factory of
    the game's own bot (`rollout_name` says which, for the bot's name); `horizon` is "game" or "hand":
    with "hand" a rollout stops where the round (`state.round()`) moves on and the position is scored
    from the match totals there (`evaluate`); `cutoff` stops a rollout after that many moves, and
    `judge` says how a position cut off mid-hand is scored: "score" (the match totals) or "cards" (the
    fewer cards held, the better) or "gain" (the points won since the decision, against the best other
    seat's, wherever the rollout stopped: in a long match the totals alone often cannot change order within
    a hand, and then every choice would look the same). `nodes` says what a child of the tree stands for:
    "moves" (what landed) or "view" (what landed and what the searching seat then sees: where a move shows
    a hidden card, as Memo's turning does, each card shown has its own child, so the next choice can
    depend on it). `lean` makes the search depart from its rollout bot only on evidence: each node tries
    the rollout bot's choice first, and the bot answers that choice unless another answer's mean reward
    beats it by more than `lean` standard errors (where the outcome is mostly luck, a few hundred noisy
    rollouts otherwise overrule a sound rule of thumb by chance). `root="paired"` tries every answer at the
    root on each determinisation, each from the same point of the bot's generator, so that answers are
    compared on the same luck (common random numbers): the same hidden cards, the same future draws and the
    same rollout choices wherever the answers do not change them. Where luck outweighs every choice, as in
    Zop Zoo, the difference between two answers is then measured on each deal instead of drowned in the
    spread between deals. No tree grows below the root: after each answer the rollout plays on (a flat
    search, each answer judged by the play of the rollout bot after it; a few dozen visits of a child
    would only explore its replies at random). The answer is the best mean (`lean`: the rollout bot's
    own unless another beats it by that many standard errors of the paired differences). `follow=k` keeps
    to what the search assumed: the search judged its answer with the rollout bot playing on, so the
    bot's next k decisions that come right after its own answer (no other seat moved between, as Memo's
    second card of a turn comes after the first) are answered by the rollout bot, not searched. `recall`
    (default True) keeps in every determinisation the cards the seat was shown earlier and its observation
    no longer shows (`State.resample_hidden`); False forgets them. The bot's
    generator (`rng` in `act`) drives everything, so with an iteration budget a seeded simulation replays
    exactly; a time budget depends on the machine's speed.
    """

    name = "ismcts"
    reaction_ms = 450.0  # the heuristic bots' median: races against them are even
    wants_view = True
    searches = True  # a server asks it off its event loop

    def __init__(self, iters: int | None = 1000, ms: float | None = None, c: float = 0.7,
                 rollout: RolloutBots | None = None, rollout_name: str = "random", horizon: str = "hand",
                 cutoff: int | None = None, judge: str = "score", nodes: str = "moves", lean: float = 0.0,
                 root: str = "ucb", follow: int = 0, recall: bool = True, reaction_ms: float | None = None) -> None:
        super().__init__(reaction_ms)
        if iters is None and ms is None:
            raise ValueError("ismcts needs a budget: iters or ms")
        if iters is not None and iters < 1:
            raise ValueError(f"ismcts iters must be at least 1, got {iters}")
        if ms is not None and not ms > 0:
            raise ValueError(f"ismcts ms must be above 0, got {ms}")
        if not c >= 0:
            raise ValueError(f"ismcts c must be 0 or more, got {c}")
        if horizon not in ("game", "hand"):
            raise ValueError(f"ismcts horizon must be 'game' or 'hand', got {horizon!r}")
        if cutoff is not None and cutoff < 0:
            raise ValueError(f"ismcts cutoff must be 0 or more moves, got {cutoff}")
        if judge not in JUDGES:
            raise ValueError(f"ismcts eval must be one of {', '.join(map(repr, JUDGES))}, got {judge!r}")
        self.iters, self.ms, self.c, self.horizon = iters, ms, c, horizon
        if nodes not in NODES:
            raise ValueError(f"ismcts nodes must be one of {', '.join(map(repr, NODES))}, got {nodes!r}")
        if not lean >= 0:
            raise ValueError(f"ismcts lean must be 0 or more, got {lean}")
        if root not in ROOTS:
            raise ValueError(f"ismcts root must be one of {', '.join(map(repr, ROOTS))}, got {root!r}")
        if follow < 0:
            raise ValueError(f"ismcts follow must be 0 or more decisions, got {follow}")
        if follow and rollout is None:
            raise ValueError("ismcts follow needs a rollout bot to answer with (rollout=...)")
        self.cutoff, self.judge, self.nodes, self.lean, self.root = cutoff, judge, nodes, lean, root
        self.follow = follow
        self.recalls = recall  # the simulator's view, and every determinisation, keep the cards the seat was shown
        self._following: tuple[int, int, int] | None = None  # (seat, version expected, decisions left) after an answer
        self.rollout_name = rollout_name
        self._rollout_bots: list[Bot] | None = None
        self._make_rollout_bot = rollout
        self.last_iterations = 0  # how many the last decision ran (for benches and tests)

    # -- the bot ----------------------------------------------------------------------------------------
    def act(self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: Rng,
            view: State | None = None) -> Action | None:
        if view is None:
            raise ValueError("ISMCTS searches a resampled view: ask it through zdeck.sim (wants_view = True)")
        seat = observation["seat"]
        following, self._following = self._following, None
        if following is not None and following[:2] == (seat, view.version):
            bots = self.rollout_bots(view.game.players)
            assert bots is not None  # (`follow` needs a rollout bot)
            if following[2] > 1:
                self._following = (seat, view.version + 1, following[2] - 1)
            self.last_iterations = 0
            answer: Action | None = bots[seat].act(observation, legal_actions, rng)
            return answer
        may_wait = _may_wait(view, seat, observation.get("turn"))
        if len(legal_actions) == 1 and not may_wait:
            self.last_iterations = 0
            return legal_actions[0]  # nothing to choose
        root = self.search(view, seat, rng)
        if self.follow:
            self._following = (seat, view.version + 1, self.follow)
        mine = root.stats.get(seat, {})
        by_id = {view.game.action_id(a): a for a in legal_actions}
        answers = [eid for eid in mine if eid in by_id or (eid == WAIT and may_wait)]
        if not answers:  # (every determinisation stopped before this seat chose: nothing was learnt)
            return legal_actions[0]
        hint = root.hints.get(seat) if root.hints else None
        if root.samples:
            best = _paired_answer(root.samples, answers, hint, self.lean)
        else:
            best = max(answers, key=lambda eid: (mine[eid][0], mine[eid][1]))
            if self.lean and hint in answers and not _beats(mine[best], mine[hint], self.lean):
                best = hint
        return None if best == WAIT else by_id[best]

    def reset(self) -> None:
        """A new game: nothing to follow."""
        self._following = None

    @property
    def remembers(self) -> bool:
        """Do its answers depend on its own earlier ones (`follow`)? Then a table rebuilt from its saved moves
        must ask it again at every version it was asked at (zdeck.live.room)."""
        return self.follow > 0

    def search(self, view: State, seat: int, rng: Rng) -> Node:
        """Grow a tree from `view` (a state consistent with what `seat` sees) within the budget."""
        search = _Search(self, view.game, seat, rng, view.round(), view.scores())
        root = Node()
        deadline = None if self.ms is None else time.perf_counter() + self.ms / 1000.0
        iters = self.iters
        done = 0
        while (iters is None or done < iters) and (deadline is None or done == 0 or time.perf_counter() < deadline):
            state = view.resample_hidden(seat, rng, recall=self.recalls)
            if self.root == "paired":
                done += search.iterate_paired(root, state)
            else:
                search.iterate(root, state)
                done += 1
        self.last_iterations = done
        return root

    def rollout_bots(self, players: int) -> list[Bot] | None:
        """One rollout bot per seat, made once and kept (None: random rollouts)."""
        if self._make_rollout_bot is None:
            return None
        if self._rollout_bots is None or len(self._rollout_bots) != players:
            self._rollout_bots = [self._make_rollout_bot() for _ in range(players)]
            if any(bot.wants_view for bot in self._rollout_bots):
                raise ValueError(f"rollout bot {self.rollout_name!r} searches itself: roll out with a plain bot")
        return self._rollout_bots


def _beats(edge: list[float], other: list[float], z: float) -> bool:
    """Is `edge`'s mean reward above `other`'s by more than z standard errors? Rewards lie in [0, 1], so
    p(1 - p) bounds each one's variance."""
    (n1, t1, _), (n2, t2, _) = edge, other
    if not n1 or not n2:
        return n1 > n2
    p1, p2 = t1 / n1, t2 / n2
    return p1 - p2 > z * math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)


def _paired_answer(samples: list[dict[int, float]], answers: list[int], hint: int | None, lean: float) -> int:
    """The answer with the best mean reward over the determinisations that tried it (a tie goes to the
    rollout bot's choice, `hint`); with `lean`, the hint unless the best beats it by more than `lean`
    standard errors of their differences on the same determinisations."""
    totals = dict.fromkeys(answers, 0.0)
    counts = dict.fromkeys(answers, 0)
    for sample in samples:
        for eid, reward in sample.items():
            if eid in totals:
                totals[eid] += reward
                counts[eid] += 1
    tried = [eid for eid in answers if counts[eid]]
    if not tried:
        return hint if hint in answers else answers[0]

    def mean(eid: int) -> float:
        return totals[eid] / counts[eid]

    best = max(tried, key=lambda eid: (mean(eid), eid == hint))
    if not lean or hint not in tried or best == hint:
        return best
    differences = [s[best] - s[hint] for s in samples if best in s and hint in s]
    n = len(differences)
    if n < 2:
        return hint
    average = sum(differences) / n
    spread = math.sqrt(sum((d - average) ** 2 for d in differences) / (n - 1))
    return best if average > lean * spread / math.sqrt(n) else hint


def _may_wait(view: State, seat: int, turn: int | None) -> bool:
    """May the bot hold back at the real table? Where the table has a timeout rule now (a public fact of
    the phase), or another seat has the turn and must act anyway. Whether someone else could act in a
    race is hidden (it depends on their cards): the view's own actors are a determinisation's, not the
    table's, so they are not asked."""
    return (turn is not None and turn != seat) or _timeout_allowed(view)


def _timeout_allowed(state: State) -> bool:
    twin = state.clone()
    try:
        twin.timeout()
    except IllegalAction:
        return False
    return True


class _Search:
    """One decision's search: the settings and the tree walk."""

    def __init__(self, bot: ISMCTS, game: Game, seat: int, rng: Rng, start_round: int,
                 start_scores: Sequence[float] = ()) -> None:
        self.game, self.seat, self.rng = game, seat, rng
        self.bot = bot  # (its reaction time stands for every seat's in the races the search plays out)
        self.c = bot.c
        self.action_id = game.action_id
        self.players = game.players
        self.lower_better = game.score_order == "lower"
        self.hand_horizon = bot.horizon == "hand"
        self.start_round = start_round
        self.rollout_bots = bot.rollout_bots(game.players)
        self.steps = ROLLOUT_STEP_LIMIT if bot.cutoff is None else bot.cutoff
        self.by_cards = bot.judge == "cards"
        self.by_gain = bot.judge == "gain"
        self.by_view = bot.nodes == "view"
        self.hinted = bot.lean > 0 and self.rollout_bots is not None
        self.start_scores = [-s for s in start_scores] if self.lower_better else list(start_scores)
        self.lo = math.inf  # the range of final scores seen (one-seat games are scored within it)
        self.hi = -math.inf

    def iterate(self, root: Node, state: State, first: int | None = None) -> float:
        """One iteration on the determinisation `state`; `first`: the searching seat's edge at the root,
        chosen for it. Returns the searching seat's reward."""
        path: list[tuple[Node, list[tuple[int, int, Action | None]]]] = []
        node = root
        while True:
            moves = state.moves()
            if not moves or self._at_horizon(state):
                break
            choices = self._select(node, state, moves, first if node is root else None)
            key = self._resolve(node, state, choices)
            if self.by_view:  # the searching seat's information set, not just the move that led to it
                key = (key, repr(state.observation(self.seat)))
            path.append((node, choices))
            if first is not None:  # root="paired": after the answer tried, the rollout plays on (no tree below)
                self._rollout(state)
                break
            child = node.children.get(key)
            if child is None:
                node.children[key] = Node()
                self._rollout(state)
                break
            node = child
        rewards = self.evaluate(state)
        for node, choices in path:
            for seat, eid, _ in choices:
                edge = node.stats[seat][eid]
                edge[0] += 1
                edge[1] += rewards[seat]
        return rewards[self.seat]

    def iterate_paired(self, root: Node, state: State) -> int:
        """`root="paired"`: every edge of the searching seat at the root tried on its own copy of the one
        determinisation `state`, each from the same point of the generator; returns the iterations made."""
        moves = state.moves()
        legal = next((legal for seat, legal in moves if seat == self.seat), None)
        if legal is None or self._at_horizon(state):  # (this determinisation does not let the seat act)
            self.iterate(root, state)
            return 1
        ids = tuple(map(self.action_id, legal))
        edges = [*ids, WAIT] if len(moves) > 1 or self._lone_may_wait(root, state, self.seat, ids) else ids
        own = self.rng
        start = own.spawn()
        sample = {}
        for eid in edges:
            self.rng = start.clone()
            sample[eid] = self.iterate(root, state.clone(), eid)
        self.rng = own
        root.samples.append(sample)
        return len(edges)

    # -- selection ------------------------------------------------------------------------------------
    def _select(self, node: Node, state: State, moves: list[tuple[int, list[Action]]], first: int | None = None
                ) -> list[tuple[int, int, Action | None]]:
        """Each actor's edge at this node: an untried one at random first, then the best by UCB (`first`:
        the searching seat's, chosen for it)."""
        choices = []
        for seat, legal in moves:
            table = node.stats.get(seat)
            if table is None:
                table = node.stats[seat] = {}
            ids = tuple(map(self.action_id, legal))
            options: list[tuple[int, Action | None]] = list(zip(ids, legal))
            if len(moves) > 1 or self._lone_may_wait(node, state, seat, ids):
                options.append((WAIT, None))
            hint = self._hint(node, state, seat, legal) if self.hinted else None
            choices.append((seat, *self._choose(table, options, hint, first if seat == self.seat else None)))
        return choices

    def _hint(self, node: Node, state: State, seat: int, legal: list[Action]) -> int:
        """The edge the seat's rollout bot takes here (`lean`), asked once per node, in its first determinisation."""
        hints = node.hints
        if hints is None:
            hints = node.hints = {}
        hint = hints.get(seat)
        if hint is None:
            assert self.rollout_bots is not None
            action = self.rollout_bots[seat].act(LazyObservation(state, seat), legal, self.rng)
            hint = hints[seat] = WAIT if action is None else self.action_id(action)
        return hint

    @staticmethod
    def _lone_may_wait(node: Node, state: State, seat: int, ids: tuple[int, ...]) -> bool:
        """May a lone actor hold back (the table times out)? Asked once per node, seat and legal set: a
        public fact of the moment as far as the seat's own actions tell it. Should a determinisation
        differ, `_resolve` finds the refused timeout and has the actor act after all."""
        waits = node.waits
        if waits is None:
            waits = node.waits = {}
        known = waits.get((seat, ids))
        if known is None:
            known = waits[(seat, ids)] = _timeout_allowed(state)
        return known

    def _choose(self, table: dict[int, list[float]], options: list[tuple[int, Action | None]],
                hint: int | None = None, chosen: int | None = None) -> tuple[int, Action | None]:
        """The edge `chosen` for the actor, if given; else the hinted edge first (`lean`), then an untried
        one at random, then the best by UCB."""
        untried = []
        for option in options:
            edge = table.get(option[0])
            if edge is None:
                edge = table[option[0]] = [0, 0.0, 0]
            edge[2] += 1  # available in this determinisation
            if not edge[0]:
                untried.append(option)
        if chosen is not None:
            return next(option for option in options if option[0] == chosen)
        if untried:
            for option in untried if hint is not None else ():
                if option[0] == hint:
                    return option
            return untried[self.rng.below(len(untried))] if len(untried) > 1 else untried[0]
        c, log = self.c, math.log
        best, best_value = options[0], -1.0
        for option in options:
            visits, total, available = table[option[0]]
            value = total / visits + c * math.sqrt(log(available) / visits)
            if value > best_value:
                best, best_value = option, value
        return best

    def _resolve(self, node: Node, state: State, choices: list[tuple[int, int, Action | None]]) -> Any:
        """Apply what the actors chose, as the simulator would; returns the key of what landed."""
        proposals = [(seat, eid, action) for seat, eid, action in choices if action is not None]
        if not proposals:
            try:
                state.timeout()  # (a refused timeout leaves the state as it was)
                return _TIMEOUT_KEY
            except IllegalAction:
                proposals = [self._forced(node, state, choices)]  # someone must act: the first actor does
        if len(proposals) == 1:
            seat, eid, action = proposals[0]
            state.apply_listed(seat, action)
            return eid * _SEATS + seat
        order = self._race(proposals)
        seen = state.version
        seat, eid, action = order[0]
        state.apply_listed(seat, action)
        landed: list[int] = [eid * _SEATS + seat]
        for seat, eid, action in order[1:]:
            try:
                outcome = state.apply_listed(seat, action, seen)
            except IllegalAction:
                continue
            landed.append((eid * _SEATS + seat) * 4 + (1 if outcome is _BOUNCED else 2))
        return tuple(landed)

    def _forced(self, node: Node, state: State, choices: list[tuple[int, int, Action | None]]
                ) -> tuple[int, int, Action | None]:
        """Everyone chose to wait where the table cannot wait: the first actor acts after all, by its
        best action other than waiting (its choice is rewritten, so the backup credits that edge)."""
        seat = choices[0][0]
        legal = state.legal_actions(seat)
        table = node.stats[seat]
        options: list[tuple[int, Action | None]] = [(self.action_id(a), a) for a in legal]
        for option in options:
            table[option[0]][2] -= 1  # _choose counts availability again
        eid, action = self._choose(table, options)
        choices[0] = (seat, eid, action)
        return seat, eid, action

    def _race(self, proposals: list[Any]) -> list[Any]:
        """The proposals fastest first, timed by the simulator's reaction model (`asking.reaction`): a reflex
        (a ZOOP! call) is quicker than a considered move. The search does not know the other seats'
        reaction times, so every seat is timed as this bot is."""
        rng, bot = self.rng, self.bot
        timed = sorted((reaction(bot, p[-1], rng), k) for k, p in enumerate(proposals))
        return [proposals[k] for _, k in timed]

    # -- rollout and evaluation ---------------------------------------------------------------------------
    def _at_horizon(self, state: State) -> bool:
        return self.hand_horizon and state.round() != self.start_round

    def _rollout(self, state: State) -> None:
        if self.rollout_bots is None:
            self._random_rollout(state)
        else:
            self._bot_rollout(state, self.rollout_bots)

    def _random_rollout(self, state: State) -> None:
        """Uniform play: a random actor (in a race, whoever is quickest) plays a uniform legal action."""
        below, hand_horizon, start = self.rng.below, self.hand_horizon, self.start_round
        for _ in range(self.steps):
            moves = state.moves()
            if not moves or (hand_horizon and state.round() != start):
                return
            if len(moves) == 1:
                seat, legal = moves[0]
                state.apply_listed(seat, legal[below(len(legal))] if len(legal) > 1 else legal[0])
                continue
            # A race: each actor picks a uniform action, and the quickest lands (the late ones are dropped:
            # a rollout is a sketch of the future, and most late submissions bounce).
            picks = [(seat, legal[below(len(legal))] if len(legal) > 1 else legal[0]) for seat, legal in moves]
            state.apply_listed(*self._race(picks)[0])

    def _bot_rollout(self, state: State, bots: list[Bot]) -> None:
        """Every actor asks its rollout bot; the proposals land quickest first, as in `_resolve`."""
        rng = self.rng
        for _ in range(self.steps):
            moves = state.moves()
            if not moves or self._at_horizon(state):
                return
            proposals = []
            for seat, legal in moves:
                action = bots[seat].act(LazyObservation(state, seat), legal, rng)
                if action is not None:
                    proposals.append((seat, action))
            if not proposals:
                if _timeout_allowed(state):
                    state.timeout()
                    continue
                seat, legal = moves[0]
                proposals = [(seat, legal[rng.below(len(legal))])]
            proposals = self._race(proposals)
            seen = state.version
            state.apply(*proposals[0])
            for seat, action in proposals[1:]:
                try:
                    state.apply(seat, action, seen=seen)
                except IllegalAction:
                    continue

    def evaluate(self, state: State) -> list[float]:
        """Each seat's reward in [0, 1].

        A finished game: a winner's share of the win (1, or 1/k between k tied winners), 0 for the
        others; a one-seat game (Solo, Memo alone): its score placed within the range of final scores
        this search has met. A game stopped at the horizon: half the seat's rank among the match totals
        (the share of the other seats it is ahead of, a tie counting half) and half where its total lies
        between the lowest and the highest (turned round where a lower score is better). With `judge="gain"`
        every position short of the game's end is judged by `_gained`.
        """
        players = self.players
        scores = state.scores()
        if self.lower_better:
            scores = [-s for s in scores]
        if players == 1:
            return [self._placed(scores[0])]
        if state.is_over():
            winners = state.winners()
            rewards = [0.0] * players
            for w in winners:
                rewards[w] = 1.0 / len(winners)
            return rewards
        if self.by_gain:
            return self._gained(scores)
        if self.by_cards and not self._at_horizon(state):  # cut off mid-hand: the fewer cards held, the better
            sizes = state.observation(None).get("hand_sizes")
            if sizes:
                scores = [-s for s in sizes]
        return _ranked(scores)

    def _gained(self, scores: list[float]) -> list[float]:
        """Each seat's lead in points won since the decision over the best other seat's, placed within the
        range of leads this search has met (as `_placed` places a one-seat score)."""
        gains = [s - s0 for s, s0 in zip(scores, self.start_scores)]
        second, first = sorted(gains)[-2:]
        leads = [g - (second if g == first else first) for g in gains]
        lo, hi = self.lo, self.hi = min(self.lo, *leads), max(self.hi, *leads)
        return [(lead - lo) / (hi - lo) if hi > lo else 0.5 for lead in leads]

    def _placed(self, score: float) -> float:
        self.lo, self.hi = min(self.lo, score), max(self.hi, score)
        return (score - self.lo) / (self.hi - self.lo) if self.hi > self.lo else 0.5


def _ranked(scores: list[float]) -> list[float]:
    """Rewards in [0, 1] from standings where higher is better: half the share of the others a seat is
    ahead of (a tie counting half), half where it lies between the lowest and the highest."""
    players = len(scores)
    lo, hi = min(scores), max(scores)
    spread = hi - lo
    rewards = []
    for s in scores:
        ahead = sum(1.0 if s > t else 0.5 if s == t else 0.0 for t in scores) - 0.5  # (itself: a tie)
        rewards.append(0.5 * ahead / (players - 1) + 0.5 * ((s - lo) / spread if spread else 0.5))
    return rewards
