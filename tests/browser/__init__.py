"""The phone pages in a real browser (a package, so its conftest.py is browser.conftest, not the tests' conftest)."""
