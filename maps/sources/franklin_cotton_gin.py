"""Franklin's cotton gin, 30 November 1864: writes maps/franklin_cotton_gin.ron (run from the
repository root: `python3 maps/sources/franklin_cotton_gin.py`). Author coordinates are
(column, row); 125 yards a hex; north is up; 16 x 17 hexes (about 1.1 x 1.2 miles), from the
Carter farm's west fields to the Nashville and Decatur railroad cut by the Harpeth, from the
edge of Franklin in the north to the Lewisburg pike's fields in the south."""

import sys

sys.path.insert(0, "maps/sources")
from mapmaker import Army, Sketch, scenario  # noqa: E402

s = Sketch(16, 17, seed=18641130)

# -- The ground ------------------------------------------------------------------------------
# Nearly flat: the open plain the Army of Tennessee crossed for two miles, rising a little to
# the Carter house's knoll on the Columbia pike; the Harpeth River's bank drops away in the
# north-east.
s.slope(west=0.8, east=0.0, north=0.5, south=0.0)
# The Carter house's rise: a broad, even swell (issue 74), not a round knob whose skirts hid
# the plain from the works west of the pike and south-west of the gin; the rise was slight
# and the works on its face swept the open plain to the south (Cox, The Battle of Franklin,
# 1897; OR 45/1 Reilly, Cockerill); it still hides Opdycke's reserve behind the house.
s.hill((5, 4.5), 1.5, 2.5, profile="even")
s.valley([(16, 2), (14.5, 0), (13, -1)], 1.5, 1.5)  # the Harpeth's bank

s.patchwork(field_share=0.7, wood_share=0.0, cell=4.0)
s.blob("T", (6, 0.2), 2.5, 1.2)  # the southern edge of Franklin
s.blob(".", (5, 4.5), 0.9, 0.7)  # the Carter house and its yard
s.blob("o", (4, 3.5), 1.0, 0.6)  # the Carter garden and orchard
s.blob(".", (7.5, 5.2), 0.6, 0.5)  # the cotton gin
s.blob("r", (11, 7), 2.5, 0.5)  # the Osage orange hedge cut down in front of the east line
s.blob("F", (15, 2), 1.0, 1.5)  # the trees along the Harpeth
s.blob(".", (6, 13), 1.0, 0.8)  # the Privet Knob fields by the pike
s.blob("o", (9, 15.5), 1.5, 0.7)  # the locust grove

s.road("Pike", [(6, -1), (6, 4), (6, 8), (6.3, 18)])  # the Columbia pike
s.road("Road", [(12, -1), (13, 6), (15, 18)])  # the Lewisburg pike
s.road("Rail", [(15.5, -1), (15.2, 6), (15.8, 18)])  # the Nashville and Decatur railroad
s.road("Trail", [(0, 3), (5, 4.5)])  # the Carter lane

# The main line: a ditch and parapet from the Carter farm to the railroad, with the gap where
# the Columbia pike went through it, and the retrenchment 70 yards behind it at the pike.
s.line("Breastworks", [(0, 5.5), (5.5, 5.3)])
s.line("Breastworks", [(6.5, 5.6), (10, 6), (13, 6.4), (15.5, 6)])
s.line("Breastworks", [(4.5, 4.3), (7.5, 4.3)])
s.line("Fence", [(0, 6.5), (5.5, 6.5)])

# At 16:00 the Union holds the line; the plain before it is the Confederates'.
s.objective("The cotton gin", (7, 5), 200, owner=0)
s.objective("The Carter house", (5, 4), 150, owner=0)
s.objective("The Columbia pike gap", (6, 5), 100, owner=0)
s.objective("The Lewisburg pike", (13, 6), 50, owner=0)
s.objective("Franklin", (6, 1), 100, owner=0)
s.label("Franklin", "Town", [(6, 0.3)], rank=1)
s.label("Carter house", "Farm", [(4.5, 3.6)], rank=1)
s.label("Cotton gin", "Farm", [(8, 5)], rank=1)
s.label("Columbia Pike", "Road", [(6.3, 10), (6.3, 11.5)], rank=2)
s.label("Lewisburg Pike", "Road", [(13.8, 9), (14, 10.5)], rank=3)
s.label("Harpeth River", "Stream", [(14.5, 0.5)], rank=2)
s.label("Osage orange hedge", "Woods", [(11, 7.6)], rank=3)
s.label("Locust grove", "Woods", [(8, 15.5)], rank=3)
s.supply_source((6, 0))
s.supply_source((6, 16))

RIFLE, MUSKET = "rifled musket", "smoothbore musket"
NAP, ORD = "12-pdr Napoleon", "3-inch rifle"

# The victory levels, measured (README, Balance: `.ci/battle-figures`), and what they mean.
VICTORY = "(major_defeat: -620, minor_defeat: -545, minor_victory: 300, major_victory: 365)"
LEVELS = (
    "the Confederates start 600 points down, the gin, the Carter house, the gap at the pike, "
    "the Lewisburg pike and the town being the Union's; from +300 they win a minor victory "
    "(the gin or the gap carried and held), from +365 a major one (the gin and the Carter "
    "house both); at -545 or below it is a minor defeat (the line held), at -620 or below a "
    "major one (held, and the division wrecked before it, as it was). They were measured with "
    "the skilled computer on both sides, given history's orders (40 seeds, median 0)."
)

# -- The Union: Reilly's brigade at the gin, Opdycke's in reserve by the town -----------------
u = Army(s, 1)
u.brigade("RE", "1st Brigade, 3rd Division, XXIII Corps (Reilly)", 0)
u.unit(0, "RE", "Leader", "Brig. Gen. James W. Reilly", (8.0, 3.5), "S", quality="B")
u.unit(0, "RE", "Infantry", "104th Ohio", (7.0, 5.6), "S", men=400, quality="B", weapon=RIFLE,
       formation="Line")
u.unit(0, "RE", "Infantry", "100th Ohio", (9.5, 5.5), "S", men=300, quality="B", weapon=RIFLE,
       formation="Line")
u.unit(0, "RE", "Infantry", "8th Tennessee", (5.0, 4.0), "S", men=280, quality="C",
       weapon=RIFLE, formation="Line")
u.unit(0, "RE", "Artillery", "Btry D, 1st Ohio (Cockerill)", (6.5, 4.8), "S", men=90, guns=4,
       quality="B", weapon=ORD, formation="Unlimbered")
u.brigade("OP", "1st Brigade, 2nd Division, IV Corps (Opdycke)", 0)
u.unit(0, "OP", "Leader", "Col. Emerson Opdycke", (6.0, 1.5), "S", quality="A", arrives=2)
u.unit(0, "OP", "Infantry", "88th Illinois", (5.5, 1.5), "S", men=320, quality="A",
       weapon=RIFLE, formation="Column", arrives=2)
u.unit(0, "OP", "Infantry", "44th Illinois", (6.5, 1.5), "S", men=300, quality="A",
       weapon=RIFLE, formation="Column", arrives=2)

u.brigade("SK", "3rd Brigade, 2nd Division, XXIII Corps (Strickland)", 0)
u.unit(0, "SK", "Infantry", "72nd Illinois", (4.0, 5.2), "S", men=350, quality="C",
       weapon=RIFLE, formation="Line")

# -- The Confederates: Granbury's Texans and Govan's Arkansans of Cleburne's division ---------
c = Army(s, 101)
c.brigade("GR", "Granbury's brigade (Texas)", 1)
c.unit(1, "GR", "Leader", "Brig. Gen. Hiram B. Granbury", (5.0, 14.0), "N", quality="B")
c.line(1, "GR", "Infantry", [("6th & 15th Texas (consolidated)", 350, "B"),
                             ("7th & 10th Texas", 450, "B")],
       (3.5, 13.0), (5.5, 13.0), "N", weapon=RIFLE, formation="Line")
c.brigade("GO", "Govan's brigade (Arkansas)", 1)
c.unit(1, "GO", "Leader", "Brig. Gen. Daniel C. Govan", (8.5, 14.0), "N", quality="B")
c.line(1, "GO", "Infantry", [("1st, 15th & 24th Arkansas", 450, "B"),
                             ("2nd, 5th & 13th Arkansas", 400, "B")],
       (7.0, 13.5), (10.0, 13.5), "N", weapon=RIFLE, formation="Line")

# -- The chain of command (RULES.md section 17) ----------------------------------------------
u.corps_of("XXIII", "XXIII Corps (Cox)", 0)
u.corps_of("IV", "IV Corps (Stanley)", 0)
u.division("D3", "3rd Division, XXIII Corps (Cox, then Reilly)", 0, ["RE"], corps="XXIII")
u.division("D2", "2nd Division, XXIII Corps (Ruger)", 0, ["SK"], corps="XXIII",
           independent=["SK"])
u.division("W2", "2nd Division, IV Corps (Wagner)", 0, ["OP"], corps="IV", independent=["OP"])
u.commands("Brig. Gen. James W. Reilly", "RE")
u.commands("Col. Emerson Opdycke", "OP")
c.corps_of("CH", "Cheatham's corps", 1)
c.division("CD", "Cleburne's division", 1, ["GR", "GO"], corps="CH")
c.commands("Brig. Gen. Hiram B. Granbury", "GR")
c.commands("Brig. Gen. Daniel C. Govan", "GO")

scenario(
    "maps/franklin_cotton_gin.ron",
    "// Franklin's cotton gin, 30 November 1864. Written by maps/sources/franklin_cotton_gin.py\n"
    "// (edit that, or open this file in `bayonet edit`). 125 yards a hex, 10 ft a step, 20\n"
    "// minutes a turn.",
    "Franklin: the cotton gin, 30 November 1864",
    "The last hour of daylight south of Franklin. Hood has sent the Army of Tennessee across "
    "two miles of open plain against Schofield's entrenched line; in the centre Cleburne's "
    "division comes up the east side of the Columbia pike, Granbury's Texans and Govan's "
    "Arkansans at the run, with nothing to shelter them but the smoke. Ahead, behind a ditch "
    "and a head-high parapet, Reilly's brigade of Cox's XXIII Corps holds the bend of the line "
    "at Carter's cotton gin, with Cockerill's Ohio battery firing canister down the pike and a "
    "second line at the Carter house behind. Wagner's two brigades, left out in front, have "
    "just run back through the gap at the pike with the enemy on their heels, and the Union "
    "line cannot fire for fear of hitting them. In the town Opdycke's brigade of veterans is "
    "resting; from 16:20 it comes down the pike to close the gap. The Confederates must take "
    "the gin and the Carter house before dark; the Union must hold them. Sources: order of "
    "battle and strengths after the Official Records, series I vol. 45 pt. 1 (the reports of "
    "Cox, Reilly, Opdycke and of the 104th Ohio; Cheatham's and Govan's), with J. D. Cox, The "
    "Battle of Franklin (1897), and E. Jacobson, For Cause and for Country (2006); map after "
    "the Official Records Atlas plate 73 (Cox's map of the lines) and the Carter farm survey. "
    "Approximations: strengths are estimates, the Texas and Arkansas regiments, "
    "consolidated after Atlanta, are two counters a brigade; the 16th Kentucky and 8th "
    "Tennessee of Reilly's second line are one regiment here; Cockerill's guns stand in the gap rather than west of the pike; Brown's "
    "division west of the pike but the 72nd Illinois of Strickland's brigade, Lowrey's brigade, Casement's brigade to the east and the "
    "fighting after dark are left out; Cleburne, who fell by the gin, is not on the map: his brigadiers lead. "
    "The levels: "
    + LEVELS,
    s,
    ['(name: "Union", color: (0.16, 0.28, 0.62), edge: North)',
     '(name: "Confederate", color: (0.55, 0.55, 0.58), edge: South)'],
    1, 7, "16:00",
    VICTORY,
    18641130,
    "(clock: (dawn: 390, dusk: 1010))",
    [u, c],
    date="1864-11-30",
    action="Attack(1)",
    intent=[
        # Hood's order: carry the works; Cleburne's division straight up the pike at the gin.
        '(side: 1, formation: "CD", mission: Attack, objective: "The cotton gin")',
        '(side: 0, mission: Hold)',
    ],
)
