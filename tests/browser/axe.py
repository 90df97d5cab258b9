"""axe-core (Deque's accessibility engine, 4.12, as the package axe-playwright-python ships it) on a phone's page:
the violations a person with a screen reader, a switch, low vision or a keyboard would meet, critical or serious."""

from axe_playwright_python.sync_playwright import Axe

AXE = Axe()
SERIOUS = ("critical", "serious")


def barriers(page):
    """Each critical or serious violation on `page` as it is now: "rule (impact): the first elements it is on"."""
    results = AXE.run(page).response
    return [f"{v['id']} ({v['impact']}) on {page.url}: " + "; ".join(n["html"][:120] for n in v["nodes"][:4])
            + " (" + (v["nodes"][0].get("any") or [{"message": ""}])[0]["message"][:160] + ")"
            for v in results["violations"] if v["impact"] in SERIOUS]
