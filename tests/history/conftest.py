from tests.tui.conftest import make_app  # noqa: F401  (the app of the screen tests)
