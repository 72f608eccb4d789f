"""One dispatch from a game's events to its rules: which handler takes an event, in which steps.

A game's ``apply(state, event)`` is a table: each event type, the steps it may be entered in
and the pure function that makes the next state. Written once here, so every game refuses an
entry out of order the same way (with what it waits for and that step's rule) and an entry
that is not its own the same way.

How a game uses it (Ravnica's and Werewolf's ``rules.py`` do this)::

    def not_now(s: State) -> Refusal:  # the step's rule and what the game waits for
        wants, rule = waiting_for(s)
        return Refusal("toy_not_now", rule, wants=wants)

    RULES = Dispatch(
        {  # event type: (the step or steps it is entered in, what it does)
            ev.GameCreated: (Step.SETUP, game_created),
            ev.VoteCast: ((Step.VOTE, Step.REVOTE), vote_cast),  # C3
        },
        not_now=not_now,
        not_this_game=lambda e: Refusal("toy_not_this_game", entry=e.type),
    )

    def apply(s: State, e: Event) -> State:
        return RULES.apply(s, e)

- ``apply(state, event)``: the handler's state; ``not_this_game(event)`` is raised for an event
  type the table does not hold, ``not_now(state)`` when the state's step is not one of the
  event's steps. The handler runs only once both checks pass, and raises its own refusals.
- ``expect(state, event_type)``: only the step check, for a script reader that refuses an entry
  out of order before reading its words.
- ``steps_of(event_type)``: the steps an event is entered in (a tuple, even for one step).

The step is read as ``state.step`` unless ``step_of`` says otherwise. An event whose meaning
depends on the step (Werewolf's ``Revealed``: W20 by day, W25 by night) has one handler that
looks at the step itself. Pure: no state is kept between calls.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any, Generic, TypeVar

from narrator.games.entries import Event, Refusal

StateT = TypeVar("StateT")
Handler = Callable[[Any, Any], Any]  # (state, event) -> the next state
Steps = Hashable | tuple[Hashable, ...]  # one step, or the steps an event is entered in


def _step(state: Any) -> Hashable:
    return state.step


class Dispatch(Generic[StateT]):
    """Event type → (its steps, its handler), with the game's two refusals (see the module)."""

    def __init__(
        self,
        handlers: Mapping[type[Event], tuple[Steps, Handler]],
        *,
        not_now: Callable[[StateT], Refusal],
        not_this_game: Callable[[Event], Refusal],
        step_of: Callable[[StateT], Hashable] = _step,
    ) -> None:
        self._handlers: dict[type[Event], tuple[tuple[Hashable, ...], Handler]] = {
            kind: (steps if isinstance(steps, tuple) else (steps,), handler)
            for kind, (steps, handler) in handlers.items()
        }
        self._not_now = not_now
        self._not_this_game = not_this_game
        self._step_of = step_of

    @property
    def event_types(self) -> tuple[type[Event], ...]:
        """Every event type the table holds, in its order."""
        return tuple(self._handlers)

    def steps_of(self, kind: type[Event]) -> tuple[Hashable, ...]:
        """The steps an event of this type is entered in (KeyError for a type not held)."""
        return self._handlers[kind][0]

    def expect(self, state: StateT, kind: type[Event]) -> None:
        """Raise the game's ``not_now`` refusal unless an event of ``kind`` fits this step."""
        if self._step_of(state) not in self.steps_of(kind):
            raise self._not_now(state)

    def apply(self, state: StateT, event: Event) -> StateT:
        """The state after ``event``; a ``Refusal`` (and nothing changed) if it is not allowed:
        not this game's event, not now, or whatever its handler refuses."""
        entry = self._handlers.get(type(event))
        if entry is None:
            raise self._not_this_game(event)
        steps, handler = entry
        if self._step_of(state) not in steps:
            raise self._not_now(state)
        return handler(state, event)
