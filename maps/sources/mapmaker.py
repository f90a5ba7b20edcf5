"""Draws a Bayonet scenario map from a sketch of its features and writes the RON file.

Author coordinates are (column, row) as floats, the same numbers as the scenario files
(column 0 the left edge, row 0 the top); one hex is 125 yards across. The map's geometry is
the game's: flat-topped hexes in columns, odd columns half a hex higher (maps/README.md).
Everything is deterministic: the same sketch always writes the same file.
"""

import math
import random

SQ3 = math.sqrt(3.0)

# Axial steps (screen y down) to the hexside names of the scenario format.
FACING = {(0, -1): "N", (1, -1): "NE", (1, 0): "SE", (0, 1): "S", (-1, 1): "SW", (-1, 0): "NW"}


def to_axial(c, r):
    return c, r - (c + (c & 1)) // 2


def from_axial(q, a):
    return q, a + (q + (q & 1)) // 2


def center(c, r):
    """A hex's centre on screen, in hex-size units (odd columns half a hex higher)."""
    return 1.5 * c, SQ3 * (r - 0.5 * (c & 1))


def screen(p):
    """An author point (column, row) on screen."""
    return 1.5 * p[0], SQ3 * p[1]


def neighbour(c, r, facing):
    q, a = to_axial(c, r)
    for (dq, da), f in FACING.items():
        if f == facing:
            return from_axial(q + dq, a + da)
    raise ValueError(facing)


def hex_distance(h1, h2):
    q1, a1 = to_axial(*h1)
    q2, a2 = to_axial(*h2)
    return (abs(q1 - q2) + abs(a1 - a2) + abs(q1 + a1 - q2 - a2)) // 2


def hex_round(qf, af):
    sf = -qf - af
    q, a, s = round(qf), round(af), round(sf)
    dq, da, ds = abs(q - qf), abs(a - af), abs(s - sf)
    if dq > da and dq > ds:
        q = -a - s
    elif da > ds:
        a = -q - s
    return int(q), int(a)


def hex_of(p):
    """The hex under an author point."""
    x, y = screen(p)
    qf = x / 1.5
    af = (y / SQ3) - qf / 2.0
    return from_axial(*hex_round(qf, af))


def hex_line(h1, h2):
    """Adjacent hexes from h1 to h2 (inclusive)."""
    q1, a1 = to_axial(*h1)
    q2, a2 = to_axial(*h2)
    n = hex_distance(h1, h2)
    out = []
    for i in range(n + 1):
        t = i / n if n else 0.0
        # A hair's nudge keeps the line off hex corners.
        q = q1 + (q2 - q1) * t + 1e-6
        a = a1 + (a2 - a1) * t + 1e-6
        h = from_axial(*hex_round(q, a))
        if not out or out[-1] != h:
            out.append(h)
    return out


def _crosses(p1, p2, p3, p4):
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2 = orient(p3, p4, p1), orient(p3, p4, p2)
    d3, d4 = orient(p1, p2, p3), orient(p1, p2, p4)
    return (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0)


def _seg_dist(p, a, b):
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


class Noise:
    """Smooth value noise over the map, for the lie of fields and woodlots."""

    def __init__(self, seed, cell):
        self.r = random.Random(seed)
        self.cell = cell
        self.grid = {}

    def _v(self, i, j):
        if (i, j) not in self.grid:
            self.grid[(i, j)] = self.r.random()
        return self.grid[(i, j)]

    def at(self, c, r):
        x, y = c / self.cell, r / self.cell
        i, j = int(math.floor(x)), int(math.floor(y))
        fx, fy = x - i, y - j
        fx, fy = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)
        top = self._v(i, j) * (1 - fx) + self._v(i + 1, j) * fx
        bot = self._v(i, j + 1) * (1 - fx) + self._v(i + 1, j + 1) * fx
        return top * (1 - fy) + bot * fy


class Sketch:
    def __init__(self, width, height, seed):
        self.w, self.h = width, height
        self.seed = seed
        self.terrain = [["." for _ in range(width)] for _ in range(height)]
        self.height = [[0.0 for _ in range(width)] for _ in range(height)]
        self.sides = {}  # (hex, facing) -> set of features; stored from the N/NE/SE hex
        self.roads = []  # (kind, [hexes])
        self.crossings = []  # (hex, facing, feature) forced for roads over creeks
        self.bridges = []
        self.objectives = []
        self.labels = []
        self.supply = []

    # -- the lie of the land --------------------------------------------------------------------
    def hexes(self):
        for r in range(self.h):
            for c in range(self.w):
                yield c, r

    def on_map(self, h):
        return 0 <= h[0] < self.w and 0 <= h[1] < self.h

    def set(self, h, letter):
        if self.on_map(h):
            self.terrain[h[1]][h[0]] = letter

    def get(self, h):
        return self.terrain[h[1]][h[0]]

    def patchwork(self, field_share=0.45, wood_share=0.12, cell=7.0, keep=".f"):
        """Farm fields and pasture, with woodlots where the noise is highest."""
        fields = Noise(self.seed, cell)
        woods = Noise(self.seed + 1, cell * 1.3)
        for c, r in self.hexes():
            if self.terrain[r][c] not in keep:
                continue
            if woods.at(c, r) > 1.0 - wood_share:
                self.terrain[r][c] = "F"
            elif fields.at(c, r) < field_share:
                self.terrain[r][c] = "f"

    def area(self, letter, pts, only=None):
        """Fills a polygon of author points."""
        poly = [screen(p) for p in pts]
        for c, r in self.hexes():
            if only and self.terrain[r][c] not in only:
                continue
            x, y = center(c, r)
            inside = False
            j = len(poly) - 1
            for i in range(len(poly)):
                xi, yi = poly[i]
                xj, yj = poly[j]
                if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
                    inside = not inside
                j = i
            if inside:
                self.terrain[r][c] = letter

    def blob(self, letter, at, rx, ry, ragged=0.25, only=None):
        """An irregular oval of terrain around an author point."""
        n = Noise(self.seed + int(at[0] * 31 + at[1] * 17), 2.5)
        for c, r in self.hexes():
            if only and self.terrain[r][c] not in only:
                continue
            dx, dy = (c - at[0]) / rx, (r - at[1]) / ry
            if dx * dx + dy * dy < 1.0 - ragged + 2 * ragged * n.at(c, r):
                self.terrain[r][c] = letter

    def along(self, letter, pts, width, only=None):
        """Terrain within `width` hexes of a line (marsh along a run, woods along a ridge)."""
        line = [screen(p) for p in pts]
        for c, r in self.hexes():
            if only and self.terrain[r][c] not in only:
                continue
            p = center(c, r)
            d = min(_seg_dist(p, line[i], line[i + 1]) for i in range(len(line) - 1)) / SQ3
            if d <= width:
                self.terrain[r][c] = letter

    def slope(self, west, east, north=0.0, south=0.0):
        """A base elevation tilting across the map (in levels, one per 20 ft)."""
        for c, r in self.hexes():
            u, v = c / (self.w - 1), r / (self.h - 1)
            self.height[r][c] += west * (1 - u) + east * u + north * (1 - v) + south * v

    def ridge(self, pts, rise, half_width, profile="round", crest=0.0):
        """A ridge line: `rise` levels on its crest, falling off to nothing at `half_width`.

        `profile` is how its sides fall: "round" (1 - t²) swells, so a line set back from the
        crest looks at the crest, not down the slope: a reverse slope; "even" (1 - t) falls
        straight, so a line on the crest sees down the face to its foot, as on the open
        forward slopes the battles were fought over. `crest` hexes either side of the line
        stay level before the fall begins (a broad top)."""
        line = [screen(p) for p in pts]
        for c, r in self.hexes():
            p = center(c, r)
            d = min(_seg_dist(p, line[i], line[i + 1]) for i in range(len(line) - 1)) / SQ3
            d = max(0.0, d - crest)
            if d < half_width:
                t = d / half_width
                fall = t if profile == "even" else t * t
                self.height[r][c] += rise * (1 - fall)

    def valley(self, pts, depth, half_width, profile="round"):
        self.ridge(pts, -depth, half_width, profile)

    def hill(self, at, rise, radius, profile="round", crest=0.0):
        self.ridge([at, at], rise, radius, profile, crest)

    # -- hexsides ---------------------------------------------------------------------------
    def _key(self, h, f):
        """A hexside stored once, from the hex for which it is N, NE or SE."""
        if f in ("N", "NE", "SE"):
            return h, f
        n = neighbour(*h, f)
        opp = {"S": "N", "SW": "NE", "NW": "SE"}[f]
        return n, opp

    def add_side(self, h, f, feature):
        k = self._key(h, f)
        a, b = k[0], neighbour(*k[0], k[1])
        if self.on_map(a) and self.on_map(b):
            self.sides.setdefault(k, set()).add(feature)

    def line(self, feature, pts):
        """A hexside feature along a line: every hexside the line crosses (streams, fences)."""
        line = [screen(p) for p in pts]
        found = []
        for c, r in self.hexes():
            for f in ("N", "NE", "SE"):
                n = neighbour(c, r, f)
                if not self.on_map(n):
                    continue
                a, b = center(c, r), center(*n)
                for i in range(len(line) - 1):
                    if _crosses(a, b, line[i], line[i + 1]):
                        self.add_side((c, r), f, feature)
                        found.append(((c, r), f))
                        break
        return found

    def banks(self, feature, path):
        """A hexside feature along both banks of a hex path (a railroad cut, an embankment)."""
        on = set(path)
        for h in path:
            for f in FACING.values():
                n = neighbour(*h, f)
                if n not in on and self.on_map(n):
                    self.add_side(h, f, feature)

    def walls(self, feature, path, facing):
        """A feature on one side of each hex of a path (a wall along the front of a line)."""
        for h in path:
            self.add_side(h, facing, feature)

    # -- roads ------------------------------------------------------------------------------
    def road(self, kind, pts, crossing="Ford"):
        """A road through author waypoints; where it crosses a creek it gets `crossing`."""
        hexes = [hex_of(p) for p in pts]
        path = []
        for i in range(len(hexes) - 1):
            seg = hex_line(hexes[i], hexes[i + 1])
            path.extend(seg if not path else seg[1:])
        # Off-map stretches split the road into runs that each stay on the map.
        runs, run = [], []
        for h in path:
            if self.on_map(h):
                run.append(h)
            elif run:
                runs.append(run)
                run = []
        if run:
            runs.append(run)
        for run in runs:
            if len(run) > 1:
                self.roads.append((kind, run, crossing))
        return [h for r in runs for h in r]

    def place_crossings(self):
        for kind, path, crossing in self.roads:
            for a, b in zip(path, path[1:]):
                qa, aa = to_axial(*a)
                qb, ab = to_axial(*b)
                f = FACING[(qb - qa, ab - aa)]
                k = self._key(a, f)
                have = self.sides.get(k, set())
                if "Creek" in have and not ({"Ford", "Bridge"} & have):
                    have.add(crossing)

    def ford(self, at, feature="Ford"):
        """A ford (or bridge) at the creek hexside nearest an author point."""
        p = screen(at)
        best = None
        for (h, f), feats in self.sides.items():
            if "Creek" not in feats:
                continue
            m = [(x + y) / 2 for x, y in zip(center(*h), center(*neighbour(*h, f)))]
            d = math.hypot(m[0] - p[0], m[1] - p[1])
            if best is None or d < best[0]:
                best = (d, (h, f))
        self.sides[best[1]].add(feature)

    def objective(self, name, at, points, owner=None):
        """An objective; `owner` the side holding it at the start (0 or 1, D-obj-1), else
        whoever stands on it."""
        self.objectives.append((name, hex_of(at), points, owner))

    def label(self, name, kind, pts, rank=None):
        """A place name on the map: `kind` is Town, Hill, Stream, Road, Woods, Farm or Ford;
        one author point for a place, several for a ridge, a stream or a road lettered along
        them; `rank` 1 (every zoom) to 3 (close in only), else the kind's own."""
        hexes = []
        for p in pts:
            h = hex_of(p)
            if self.on_map(h) and h not in hexes:
                hexes.append(h)
        self.labels.append((name, kind, hexes, rank))

    def supply_source(self, at):
        self.supply.append(hex_of(at))

    # -- the file ---------------------------------------------------------------------------
    # The file's heights are 10-ft steps (RULES §7 D-los-1), twice as fine as the 20-ft levels
    # the sketches are written in: slopes fall in 10-ft steps, not 20-ft terraces.
    FEET_PER_STEP = 10

    def elevation_rows(self):
        steps = 20 // self.FEET_PER_STEP
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"
        return [
            "".join(digits[max(0, min(35, int(round(v * steps))))] for v in row)
            for row in self.height
        ]

    def map_ron(self):
        self.place_crossings()
        out = ["    map: ("]
        out.append(f"        width: {self.w},")
        out.append(f"        height: {self.h},")
        out.append("        terrain: [")
        out += [f'            "{"".join(row)}",' for row in self.terrain]
        out.append("        ],")
        out.append("        elevation: [")
        out += [f'            "{row}",' for row in self.elevation_rows()]
        out.append("        ],")
        out.append(f"        feet_per_level: {self.FEET_PER_STEP},")
        out.append("        hexsides: [")
        order = ["Creek", "Ford", "Bridge", "Stream", "Fence", "StoneWall", "Embankment",
                 "Cut", "Breastworks"]
        for feat in order:
            at = sorted(k for k, v in self.sides.items() if feat in v)
            # A ford or bridge implies its creek: the creek is left implied there.
            if feat == "Creek":
                at = [k for k in at if not ({"Ford", "Bridge"} & self.sides[k])]
            for i in range(0, len(at), 8):
                chunk = ", ".join(f"(({h[0]}, {h[1]}), {f})" for h, f in at[i:i + 8])
                out.append(f"            (feature: {feat}, at: [{chunk}]),")
        out.append("        ],")
        out.append("        roads: [")
        for kind, path, _ in self.roads:
            cells = ", ".join(f"({c}, {r})" for c, r in path)
            out.append(f"            (kind: {kind}, path: [{cells}]),")
        out.append("        ],")
        if self.bridges:
            b = ", ".join(f"(hex: ({h[0]}, {h[1]}), strength: {s})" for h, s in self.bridges)
            out.append(f"        bridges: [{b}],")
        out.append("        objectives: [")
        for name, h, pts, owner in self.objectives:
            held = "" if owner is None else f", owner: {owner}"
            out.append(f'            (name: "{name}", hex: ({h[0]}, {h[1]}), points: {pts}{held}),')
        out.append("        ],")
        s = ", ".join(f"({c}, {r})" for c, r in self.supply)
        out.append(f"        supply_sources: [{s}],")
        if self.labels:
            out.append("        labels: [")
            for name, kind, hexes, rank in self.labels:
                cells = ", ".join(f"({c}, {r})" for c, r in hexes)
                r = "" if rank is None else f", rank: {rank}"
                out.append(f'            (name: "{name}", kind: {kind}, hexes: [{cells}]{r}),')
            out.append("        ],")
        out.append("    ),")
        return "\n".join(out)


class Army:
    """The order of battle as it is written: brigades, and units placed along lines."""

    def __init__(self, sketch, first_id):
        self.sketch = sketch
        self.brigades = []
        self.units = []
        self.next = first_id
        self.used = {}
        # The organisation above the brigades (RULES.md section 17, D-cc-1).
        self.corps = []
        self.divisions = []
        self.in_division = {}
        self.in_corps = {}
        self.independent = set()

    def brigade(self, bid, name, side):
        self.brigades.append((bid, name, side))
        return bid

    def corps_of(self, cid, name, side):
        self.corps.append((cid, name, side))

    def division(self, did, name, side, brigades, corps=None, independent=()):
        """A division and its brigades; `independent` ones are always in command."""
        self.divisions.append((did, name, side, corps))
        for b in brigades:
            self.in_division[b] = did
        self.independent.update(independent)

    def attach(self, cid, brigades, independent=()):
        """Brigades that answer to corps `cid` with no division between: its headquarters,
        its artillery (`independent` ones are always in command)."""
        for b in brigades:
            self.in_corps[b] = cid
        self.independent.update(independent)

    def commands(self, name, post):
        """The leader `name` commands `post` (a brigade, division or corps id, or "army")."""
        for i, u in enumerate(self.units):
            if f'name: "{name}"' in u:
                self.units[i] = u[:-1] + f', commands: "{post}")'
                return
        raise RuntimeError(f"no leader {name}")

    def _free(self, h, men, side, letters_ok, combat=True):
        """A hex near `h` that takes one more unit of `men` (a regiment a hex; a battery or a
        leader may share)."""
        s = self.sketch
        for d in range(0, 8):
            box = [(h[0] + i, h[1] + j) for i in range(-d - 1, d + 2) for j in range(-d - 1, d + 2)]
            ring = sorted(x for x in box if hex_distance(x, h) == d)
            for x in ring:
                if not s.on_map(x) or s.get(x) not in letters_ok:
                    continue
                here = self.used.get(x, (side, 0, 0))
                # One regiment or battery a hex; leaders join them.
                if here[0] != side or here[1] + men > 1000 or (combat and here[2] >= 1):
                    continue
                self.used[x] = (side, here[1] + men, here[2] + (1 if combat else 0))
                return x
        raise RuntimeError(f"no room near {h}")

    def unit(self, side, brigade, kind, name, at, facing, men=0, guns=0, quality="C",
             weapon="", formation=None, arrives=None, extra=""):
        ok = {"Artillery": ".fo", "Supply": ".foT", "Cavalry": ".foF", "Leader": ".foFT"}.get(
            kind, ".foFT")
        h = self._free(hex_of(at) if isinstance(at[0], float) else at,
                       men if kind != "Artillery" else guns * 50, side, ok,
                       combat=kind not in ("Leader",))
        fields = [f'id: {self.next}', f'name: "{name}"', f"side: {side}",
                  f'brigade: "{brigade}"', f"kind: {kind}", f"at: ({h[0]}, {h[1]})",
                  f"facing: {facing}"]
        if formation:
            fields.append(f"formation: {formation}")
        if men:
            fields.append(f"men: {men}")
        if guns:
            fields.append(f"guns: {guns}")
        if weapon:
            fields.append(f'weapon: "{weapon}"')
        fields.append(f"quality: {quality}")
        if extra:
            fields.append(extra)
        if arrives:
            fields.append(f"arrives: {arrives}")
        self.units.append("(" + ", ".join(fields) + ")")
        self.next += 1
        return h

    def line(self, side, brigade, kind, regiments, a, b, facing, **kw):
        """Regiments `[(name, men, quality)]` spread evenly from author point a to b."""
        n = len(regiments)
        for i, (name, men, q) in enumerate(regiments):
            t = i / (n - 1) if n > 1 else 0.5
            p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            self.unit(side, brigade, kind, name, (float(p[0]), float(p[1])), facing, men=men,
                      quality=q, **kw)


def brigade(army, side, bid, name, regiments, a, b, facing, leader=None, at=None, lq="B",
            weapon="rifled musket", formation="Line", arrives=None):
    """A brigade: its commander beside it (when he is on the map) and its regiments in a line
    from a to b."""
    army.brigade(bid, name, side)
    if leader:
        army.unit(side, bid, "Leader", leader, at or a, facing, quality=lq, arrives=arrives)
    army.line(side, bid, "Infantry", regiments, a, b, facing, weapon=weapon,
              formation=formation, arrives=arrives)


def batteries(army, side, bid, name, guns, facing, quality="B", arrives=None):
    army.brigade(bid, name, side)
    for gname, at, n, weapon in guns:
        army.unit(side, bid, "Artillery", gname, at, facing, men=n * 20, guns=n,
                  quality=quality, weapon=weapon,
                  formation="Limbered" if arrives else "Unlimbered", arrives=arrives)


def scenario(path, header, name, description, sketch, sides, first_side, turns, start,
             victory, seed, parameters, armies, date=None, action=None, intent=None):
    """Writes the scenario; `date` ("1863-07-03") and `action` ("Attack(1)", "Meeting") are
    the library's."""
    brigades = []
    units = []
    corps = []
    divisions = []
    in_division = {}
    in_corps = {}
    independent = set()
    for a in armies:
        brigades += a.brigades
        units += a.units
        corps += a.corps
        divisions += a.divisions
        in_division.update(a.in_division)
        in_corps.update(a.in_corps)
        independent |= a.independent
    out = [header, "("]
    out.append(f'    name: "{name}",')
    out.append(f'    description: "{description}",')
    if date:
        out.append(f'    date: "{date}",')
    if action:
        out.append(f"    action: {action},")
    out.append(sketch.map_ron())
    out.append("    sides: [")
    for s in sides:
        out.append(f"        {s},")
    out.append("    ],")
    out.append(f"    first_side: {first_side},")
    out.append(f"    turns: {turns},")
    out.append(f'    start_time: "{start}",')
    out.append(f"    victory: {victory},")
    out.append(f"    seed: {seed},")
    out.append(f"    parameters: {parameters},")
    if corps:
        out.append("    corps: [")
        for cid, cname, side in corps:
            out.append(f'        (id: "{cid}", name: "{cname}", side: {side}),')
        out.append("    ],")
    if divisions:
        out.append("    divisions: [")
        for did, dname, side, c in divisions:
            of = f', corps: "{c}"' if c else ""
            out.append(f'        (id: "{did}", name: "{dname}", side: {side}{of}),')
        out.append("    ],")
    out.append("    brigades: [")
    for bid, bname, side in brigades:
        more = ""
        if bid in in_division:
            more += f', division: "{in_division[bid]}"'
        if bid in in_corps:
            more += f', corps: "{in_corps[bid]}"'
        if bid in independent:
            more += ", independent: true"
        out.append(f'        (id: "{bid}", name: "{bname}", side: {side}{more}),')
    out.append("    ],")
    out.append("    units: [")
    for u in units:
        out.append(f"        {u},")
    out.append("    ],")
    if intent:
        # The commander's intent for the computer (maps/README.md): history's orders.
        out.append("    intent: [")
        for i in intent:
            out.append(f"        {i},")
        out.append("    ],")
    out.append(")")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
