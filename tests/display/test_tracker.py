"""The generic tracker: one hand-made public view (wounds out of a limit, a count, a mark, an
ordered list, a pile, a public line, a dead seat, the seat whose turn it is) is drawn alike by
the side panel in the TUI, the terminal display and the page (its JSON and, in a real
browser, its DOM): every public screen draws the public view, and only it."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from textual.app import App, ComposeResult

from narrator.display.feed import snapshot
from narrator.display.server import TableDisplay
from narrator.display.terminal import render
from narrator.games.shell_data import Cell, Pile, PublicView, SeatView
from narrator.tui.tracker import Tracker
from tests.display.browser import CHROMIUM, Browser
from tests.tui.driver import wait_for

VIEW = PublicView(
    title="Tracker",
    step="The pyre",
    seats=(
        SeatView("Ann", ("leader",), cells=(Cell("Wounds", 3, 4), Cell("Rose", 2, tone="R"))),
        SeatView("Bob", dead=True, cells=(Cell("Council", items=("Cid", "Ann")),)),
        SeatView("Cid", turn=True, cells=(Cell("Dagger"),)),
    ),
    piles=(Pile("The Pyre", (Cell("Citizens", items=("C2", "D1")), Cell("Cards", 7))),),
    lines=("The fire burns",),
)
# What every screen shows of it, as text.
SHOWN = (
    "Wounds 3/4",
    "Rose 2",
    "Council: Cid, Ann",
    "Dagger",
    "▶ Cid",
    "leader",
    "✝",
    "The Pyre: Citizens: C2, D1 · Cards 7",
    "The fire burns",
)


class HandMade:
    """A game that is only its public view (no registry entry, no screens)."""

    name = "tracker"
    screens = None

    def public_view(self, state, unannounced=frozenset()) -> PublicView:
        return VIEW


class TrackerApp(App):
    language = "en"

    def compose(self) -> ComposeResult:
        yield Tracker(id="table")


def screen_text(app) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def test_the_side_panel_draws_cells_piles_and_lines():
    app = TrackerApp()
    async with app.run_test(size=(60, 16)) as pilot:
        app.query_one(Tracker).show(VIEW)
        await wait_for(pilot, lambda: "The fire burns" in screen_text(app))
        text = screen_text(app)
    for part in SHOWN:
        assert part in text, (part, text)
    assert text.index("Ann") < text.index("Wounds 3/4") < text.index("Bob")  # under its seat


ELEVEN = PublicView(
    title="Tracker",
    step="A turn",
    seats=tuple(
        SeatView(
            f"Player {n}",
            ("dagger",) if n == 4 else (),
            cells=(
                Cell("Wounds", n % 4, 4, short="♥"),
                Cell("Unknown", 1),
                Cell("Dominance: inactive", short=""),
            ),
            turn=n == 11,
        )
        for n in range(1, 12)
    ),
    piles=(Pile("Supply", (Cell("Rank tokens", items=("1×2", "2×2")),)), Pile("Box", ())),
    lines=("Player 4 attacks Player 9 (B10).",),
)


@pytest.mark.parametrize(
    ("size", "layout"), [((100, 60), "full"), ((60, 16), "inline"), ((40, 15), "short")]
)
async def test_a_small_panel_takes_a_line_a_seat_and_then_short_labels(size, layout):
    """Issue 26: eleven seats, the supply and the box in sight in a panel of 15 rows: a line a
    seat, then each cell by its short label (a "" short with nothing to count is left out)."""
    app = TrackerApp()
    async with app.run_test(size=size) as pilot:
        tracker = app.query_one(Tracker)
        tracker.show(ELEVEN)
        await wait_for(pilot, lambda: "Box" in screen_text(app))
        text = screen_text(app)
        assert tracker.layout == layout
    for n in range(1, 12):
        assert f"Player {n}" in text, (n, text)
    assert "Supply: Rank tokens: 1×2, 2×2" in text and "▶ Player 11" in text
    if layout == "short":
        assert "♥ 3/4" in text and "Wounds" not in text and "Dominance" not in text
        assert "attacks" not in text  # the step on screen says it
    else:
        assert "Wounds 3/4" in text and "Dominance: inactive" in text and "attacks" in text


def test_the_terminal_display_draws_them_from_the_page():
    out = Console(file=io.StringIO(), width=60, color_system=None)
    out.print(render(snapshot(HandMade(), None, "en")))
    text = out.file.getvalue()
    for part in SHOWN:
        assert part in text, (part, text)


def test_the_page_json_carries_the_view_worded():
    page = snapshot(HandMade(), None, "en")
    ann, bob, cid = page["seats"]
    wounds = {"label": "Wounds", "count": 3, "limit": 4, "items": [], "tone": None, "short": None}
    assert ann["cells"][0] == wounds
    assert ann["cells"][1]["tone"] == "R" and ann["marks"] == ["leader"]
    assert bob["dead"] and bob["cells"][0]["items"] == ["Cid", "Ann"]
    assert cid["turn"] and not ann["turn"]
    assert page["piles"][0]["name"] == "The Pyre" and page["piles"][0]["cells"][1]["count"] == 7
    assert page["lines"] == ["The fire burns"]


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium (scripts/test installs it)")
async def test_the_page_draws_them_in_a_browser():
    display = TableDisplay(lan=False, layout=lambda name: None)
    await display.start()
    try:
        display.publish(snapshot(HandMade(), None, "en"))
        async with Browser() as browser:
            page = await browser.open(display.url)

            async def drawn() -> bool:
                return await page.text("#lines") == "The fire burns"

            await page.wait(drawn)
            dom = await page.html()
            cells = await page.evaluate(
                "[...document.querySelectorAll('#seats > li')].map(e => e.textContent)"
            )
    finally:
        await display.stop()
    assert '<b class="count">3/4</b>' in dom and 'class="tone-R"' in dom
    assert '<ol class="items"><li>Cid</li><li>Ann</li></ol>' in dom
    assert '<li class="turn">' in dom and '<li class="dead">' in dom
    assert "The Pyre" in section_of(dom, "piles")
    assert cells[0].startswith("1Annleader") and "Wounds3/4" in cells[0]


def section_of(dom: str, section: str) -> str:
    start = dom.index(f'id="{section}"')
    return dom[start : dom.index("</section>", start)]


@pytest.mark.parametrize("view", [VIEW, ELEVEN], ids=["three", "eleven"])
def test_the_fewest_rows_of_a_layout_are_never_more_than_it_draws(view):
    """Issue 26: the panel skips a layout without drawing it when even its fewest rows (a row
    a seat, a pile, a line, and a seat's cells under it in "full") are more than its height;
    so they must never be more than a drawing takes, at any width."""
    from narrator.display.feed import public_page
    from narrator.display.tracking import LAYOUTS, draw, least_rows

    page = public_page(view, "en")
    console = Console(file=io.StringIO(), width=200)
    for layout in LAYOUTS:
        for width in range(12, 121, 9):
            options = console.options.update_width(width)
            rows = len(console.render_lines(draw(page, layout=layout), options, pad=False))
            assert least_rows(page, layout) <= rows, (layout, width)


async def test_the_panel_shows_what_a_fresh_drawing_shows():
    """The panel's drawing is measured once and shown from its lines (``widgets.Drawn``): it
    shows what drawing the view afresh at the panel's width shows."""
    from narrator.display.feed import public_page
    from narrator.display.tracking import draw

    app = TrackerApp()
    async with app.run_test(size=(60, 16)) as pilot:
        tracker = app.query_one(Tracker)
        tracker.show(ELEVEN)
        await wait_for(pilot, lambda: "Box" in screen_text(app))
        width = tracker.content_region.width
        drawn = draw(public_page(ELEVEN, "en"), layout=tracker.layout)
        options = app.console_options.update_width(width).update(highlight=False)
        fresh = app.console.render_lines(drawn, options, pad=False)
        shown = screen_text(app).splitlines()[: len(fresh)]
    assert [line.rstrip() for line in shown] == [
        "".join(s.text for s in line).rstrip() for line in fresh
    ]


async def test_a_side_panel_is_laid_out_again_only_when_it_draws_other_lines():
    """``DrawnStatic`` (every side panel): drawn once at its width; the same lines shown again
    are left as they are (no new layout of the screen at a key that changes no seat), other
    lines or another width are drawn again, and a drawing shown at another width than it was
    drawn at is drawn afresh there."""
    from rich.text import Text

    from narrator.tui.widgets import DrawnStatic, drawn_at

    class Panel(DrawnStatic):
        updates = 0

        def update(self, content="", *, layout=True) -> None:
            self.updates += 1
            super().update(content, layout=layout)

    class PanelApp(App):
        def compose(self) -> ComposeResult:
            yield Panel(id="panel")

    app = PanelApp()
    async with app.run_test(size=(40, 8)) as pilot:
        panel = app.query_one(Panel)
        await wait_for(pilot, lambda: panel.content_region.width > 0)
        panel.show_drawn(Text("Ann · Wounds 1/4"))
        panel.show_drawn(Text("Ann · Wounds 1/4"))
        assert panel.updates == 1
        panel.show_drawn(Text("Ann · Wounds 2/4"))
        assert panel.updates == 2
        await wait_for(pilot, lambda: "Wounds 2/4" in screen_text(app))
        wide = drawn_at(app, Text("Bob " * 15), 60)  # drawn for 60 columns, shown in 40
        panel.update(wide)
        wrapped = [("Bob " * 10).rstrip(), ("Bob " * 5).rstrip()]  # as 40 columns wrap it
        await wait_for(
            pilot,
            lambda: [line.rstrip() for line in screen_text(app).splitlines()[:2]] == wrapped,
        )
