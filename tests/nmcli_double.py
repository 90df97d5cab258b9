"""A double of nmcli, NetworkManager's client, for hardware.network and doctor's tests: each command the
adapter may run and its answer in nmcli's terse form (-t: fields split by ':', a ':' in a value written '\\:').
Written from nmcli's manual, not recorded from a live NetworkManager: none runs on the development machine."""

HOME = [
    (["-t", "-f", "RUNNING", "general"], (0, "running\n")),
    (["-t", "-f", "DEVICE,TYPE", "device"], (0, "wlan0:wifi\neth0:ethernet\nlo:loopback\n")),
    (["-t", "-f", "NAME,TYPE,DEVICE", "connection", "show", "--active"],
     (0, "preconfigured:802-11-wireless:wlan0\nlo:loopback:lo\n")),
    (["-t", "-g", "802-11-wireless.ssid", "connection", "show", "preconfigured"], (0, "Home\\:5G\n")),
    (["-t", "-f", "NAME,TYPE", "connection", "show"],
     (0, "preconfigured:802-11-wireless\nlo:loopback\nCafé:802-11-wireless\n")),
    (["-t", "-g", "802-11-wireless.ssid", "connection", "show", "Café"], (0, "Café Wi-Fi\n")),
    (["-t", "-f", "NAME", "connection", "show"], (0, "preconfigured\nlo\nCafé\n")),
]


class Nmcli:
    """Answers the commands it was given, in any order; anything else is a test failure (the adapter ran a
    command nobody recorded). `ran` keeps every command; `secrets`, what each `connection up ... passwd-file F`
    read in F, with F's mode (nmcli reads it while it runs: the adapter removes it after)."""

    def __init__(self, answers, on_air=""):
        self.answers = {tuple(a): r for a, r in answers}
        self.answers[("-t", "-f", "SSID", "device", "wifi", "list", "--rescan", "yes")] = (0, on_air)
        self.ran = []
        self.secrets = []

    def __call__(self, args):
        self.ran.append(args)
        if args[:2] == ["connection", "up"] and "passwd-file" in args:
            import os
            import stat

            given = args[args.index("passwd-file") + 1]
            with open(given) as f:
                self.secrets.append((f.read(), stat.S_IMODE(os.stat(given).st_mode)))
        key = tuple(args)
        if key not in self.answers:
            if args[:2] in (["connection", "add"], ["connection", "modify"]) or args[:2] in (
                    ["connection", "up"], ["connection", "down"]) or args[:2] == ["device", "connect"]:
                return 0, "Connection successfully activated\n"
            raise AssertionError(f"nmcli {args} was not recorded")
        return self.answers[key]


def with_own(answers, ssid="Ada table"):
    """`answers` on a box where root has made the companion's own network (the installer's `companion
    own-wifi`), named `ssid`."""
    from hardware.network import OWN

    names = next(r for a, r in answers if a == ["-t", "-f", "NAME", "connection", "show"])[1]
    return [*[(a, r) for a, r in answers if a != ["-t", "-f", "NAME", "connection", "show"]],
            (["-t", "-f", "NAME", "connection", "show"], (0, names + f"{OWN}\n")),
            (["-t", "-g", "802-11-wireless.ssid", "connection", "show", OWN], (0, f"{ssid}\n"))]
