"""The docs' links and pictures exist: a picture a page names and the tests no longer take fails here."""

import pytest

from doc_pictures import PICTURES, ROOT, documents, links, referenced


@pytest.mark.parametrize("doc", documents(), ids=lambda d: str(d.relative_to(ROOT)))
def test_every_local_link_and_picture_of_a_page_exists(doc):
    missing = [link for link in links(doc) if link and not (doc.parent / link).exists()]
    assert not missing, f"{doc.relative_to(ROOT)} names what is not there: {missing}"


def test_docs_pictures_holds_only_what_the_docs_show():
    assert referenced(), "the README shows the table"
    assert {p.resolve() for p in PICTURES.glob("*.png")} == referenced()


def test_the_readme_fits_on_two_screens():
    assert len((ROOT / "README.md").read_text().splitlines()) <= 60
