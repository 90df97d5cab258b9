"""A player who uses nothing but what is offered (TABLE.md): an option, and for each of its fields a random
value the field allows. A strict game must accept every such input: the options are truthful."""

from companion.core.fields import conforms


def value_for(field, rng):
    """A random value that fits `field` (an enum's value, a bounded number, a list within its limits)."""
    assert conforms(field) is None, (field, conforms(field))
    if "enum" in field:
        return rng.choice(field["enum"])
    kind = field["type"]
    if kind == "integer":
        return rng.randint(field["minimum"], field["maximum"])
    if kind == "boolean":
        return rng.random() < 0.5
    if kind == "array":
        size = rng.randint(field.get("minItems", 0), min(field["maxItems"], field.get("minItems", 0) + 4))
        items = []
        for _ in range(50):
            if len(items) == size:
                break
            item = value_for(field["items"], rng)
            if field.get("uniqueItems") and item in items or items.count(item) >= field.get("maxEach", size):
                continue
            items.append(item)
        return items
    return rng.choice(field["examples"])


def filled(option, rng):
    """The input that does `option` with random values for its fields (and the yes it asks for)."""
    action = {**option["action"], **{key: value_for(field, rng) for key, field in option["fields"].items()}}
    if option["confirm"]:
        action["confirm"] = True
    return action
