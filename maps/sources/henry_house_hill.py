"""Henry House Hill, First Manassas (Bull Run), 21 July 1861: writes maps/henry_house_hill.ron
(run from the repository root: `python3 maps/sources/henry_house_hill.py`). Author coordinates
are (column, row); 125 yards a hex; north is up; 24 x 20 hexes (about 1.7 x 1.4 miles), from
Chinn Ridge in the west to Bull Run in the east, from the Warrenton Turnpike in the north to
the woods south of the plateau."""

import sys

sys.path.insert(0, "maps/sources")
from mapmaker import Army, Sketch, scenario  # noqa: E402

s = Sketch(24, 20, seed=1861721)

# -- The ground ------------------------------------------------------------------------------
# Young's Branch runs east along the foot of the turnpike to Bull Run; south of it the ground
# climbs 60 to 80 ft to the open plateau of Henry Hill, the Henry and Robinson houses on its
# northern and eastern lips, pine woods on its southern and eastern edges where Jackson formed.
# Chinn Ridge rises west of the Sudley road across a shallow valley.
s.slope(west=1.0, east=0.5, north=0.0, south=1.5)
s.valley([(0, 4), (6, 4.5), (12, 5), (18, 5), (24, 6)], 1.0, 1.5)  # Young's Branch
# The plateau of Henry Hill: a broad flat top running from the Henry house north-east towards
# the Robinson house, falling away to the south-east just behind the crest on which Jackson's
# guns stood, so that his infantry lay on the reverse slope at the edge of the pines while
# the batteries on either side of the open plateau fought each other across it at 300-400
# yards (OR I/2, reports of Ricketts, Griffin and Jackson; Hennessy, First Battle of Manassas).
# (It was a round dome centred between the two lines, which hid each line's guns from the
# other's; "even" sides and a flat crest give the ground as it was.)
s.ridge([(9.75, 11.25), (14, 9.5)], 2.9, 3.0, profile="even", crest=1.35)
s.ridge([(3, 7), (3, 12), (3.5, 17)], 2.5, 2.0)  # Chinn Ridge
s.ridge([(14, 0), (12, 1.5), (8, 1.5)], 1.5, 1.5)  # Matthews Hill's southern slope
s.valley([(22, -1), (22.5, 8), (22, 20)], 1.5, 1.2)  # Bull Run's valley

s.patchwork(field_share=0.65, wood_share=0.05, cell=4.0)
s.blob(".", (11.5, 10), 3.0, 2.5)  # the open plateau
s.area("F", [(9, 13.5), (17, 12.5), (18, 15), (9, 16.5)])  # the pines behind Jackson's line
s.blob("F", (16.5, 10), 1.2, 1.8)  # the woods east of the Robinson house
s.area("F", [(0, 9), (2, 9), (2, 19), (0, 19)])  # the woods west of Chinn Ridge
s.blob("F", (5.5, 14), 1.5, 2.0)  # Bald Hill's woods
s.along("F", [(22, -1), (22.5, 8), (22, 20)], 0.8)  # the woods along Bull Run
s.blob(".", (10, 10), 0.6, 0.6)  # the Henry house
s.blob(".", (14.5, 8), 0.6, 0.6)  # the Robinson house
s.blob(".", (3.5, 12), 0.7, 0.7)  # the Chinn house
s.blob("T", (7, 3.5), 0.5, 0.5)  # the Stone House at the crossroads

s.line("Stream", [(-1, 4), (6, 4.5), (12, 5), (18, 5), (22.5, 6)])  # Young's Branch
s.line("Creek", [(22, -1), (22.5, 8), (22, 21)])  # Bull Run

# The Warrenton Turnpike east to the Stone Bridge; the Sudley-Manassas road south past the
# Stone House and the plateau's western lip; the Henry house lane.
s.road("Road", [(-1, 3), (7, 3.5), (14, 3.5), (21, 3), (24, 3)], crossing="Bridge")
s.road("Road", [(7, -1), (7, 3.5), (7.5, 8), (8, 14), (9, 20)])
s.road("Trail", [(7.5, 9), (10, 10), (14.5, 8), (17, 6)])
s.road("Trail", [(3.5, 12), (7.8, 11)])
s.line("Fence", [(8.5, 8), (8.5, 12)])  # the rail fence along the plateau's western edge

# At 14:00 the Union holds the turnpike, the Stone House and the Robinson house; its batteries
# have just climbed onto the plateau by the Henry house; Jackson holds the pines to the south.
s.objective("Henry House Hill", (10, 10), 250)
s.objective("The Robinson house", (14, 8), 100, owner=0)
s.objective("The Stone House crossroads", (7, 3), 100, owner=0)
s.objective("Chinn Ridge", (3, 11), 100)
s.objective("The road to Manassas", (8, 18), 150, owner=1)
s.label("Henry House Hill", "Hill", [(10, 8.5), (11.5, 8.6), (13, 8.7)], rank=1)
s.label("Chinn Ridge", "Hill", [(2.5, 8), (2.6, 9.5), (2.8, 11)], rank=1)
s.label("Bull Run", "Stream", [(22.5, 10), (22.4, 12), (22.2, 14)], rank=1)
s.label("Young's Branch", "Stream", [(14, 5.5), (16, 5.5)], rank=2)
s.label("Warrenton Turnpike", "Road", [(10, 3), (12.5, 3)], rank=2)
s.label("Sudley Road", "Road", [(7.7, 12), (7.9, 14)], rank=3)
s.label("Henry's", "Farm", [(10, 11)], rank=2)
s.label("Robinson's", "Farm", [(14.5, 9)], rank=2)
s.label("Chinn's", "Farm", [(4, 13)], rank=3)
s.label("Stone House", "Town", [(6.5, 2.5)], rank=2)
s.label("Stone Bridge", "Ford", [(21, 2.5)], rank=3)
s.supply_source((0, 3))
s.supply_source((8, 19))

MUSKET, RIFLE = "smoothbore musket", "rifled musket"
SIX, PARROTT, HOW = "6-pdr smoothbore", "10-pdr Parrott", "12-pdr howitzer"

# The victory levels, measured (README, Balance: the skilled computer on both sides, 20 seeds on
# issue 74's ground and sight), and what they mean.
VICTORY = "(major_defeat: -245, minor_defeat: 65, minor_victory: 685, major_victory: 920)"
LEVELS = (
    "the Union starts 50 points up, holding the turnpike, the Stone House and the Robinson "
    "house, the plateau being no one's; from +685 it wins a minor victory (the plateau fought "
    "for to the end and the Confederates hurt as badly as itself), from +920 a major one (Henry "
    "Hill taken and held); at +65 or below it is a minor defeat (thrown off the plateau, its "
    "guns lost), at -245 or below a major one (routed, as it was). They were measured with the "
    "skilled computer on both sides (40 seeds, median +385)."
)

# -- The Union: Heintzelman's and Tyler's men on the plateau and below it ----------------------
u = Army(s, 1)
u.brigade("HQ", "Army of Northeastern Virginia (McDowell)", 0)
u.unit(0, "HQ", "Leader", "Brig. Gen. Irvin McDowell", (7.0, 2.0), "S", quality="C")
u.brigade("HE", "3rd Division (Heintzelman)", 0)
u.unit(0, "HE", "Leader", "Col. Samuel P. Heintzelman", (7.0, 6.0), "S", quality="C")
u.brigade("AR", "The batteries on the plateau: Ricketts and Griffin", 0)
u.unit(0, "AR", "Artillery", "Btry I, 1st U.S. (Ricketts)", (9.0, 10.0), "SE", men=100, guns=6,
       quality="A", weapon=PARROTT, formation="Unlimbered")
# Griffin went in on Ricketts's left by the Henry house, on the plateau (OR I/2, Griffin's
# report); the sketch had him a hex behind it, below the lip, where he could not see the
# Confederate guns.
u.unit(0, "AR", "Artillery", "Btry D, 5th U.S. (Griffin)", (10.0, 10.0), "SE", men=90, guns=4,
       quality="A", weapon=PARROTT, formation="Unlimbered")
u.brigade("WI", "2nd Brigade, 3rd Division (Willcox)", 0)
u.unit(0, "WI", "Leader", "Col. Orlando B. Willcox", (8.0, 8.0), "S", quality="C")
u.unit(0, "WI", "Infantry", "11th New York (Fire Zouaves)", (9.0, 11.0), "SE", men=650,
       quality="C", weapon=MUSKET, formation="Line")
u.unit(0, "WI", "Infantry", "38th New York", (8.0, 7.0), "S", men=600, quality="C",
       weapon=MUSKET, formation="Column")
u.unit(0, "WI", "Infantry", "1st Michigan", (7.0, 7.0), "S", men=550, quality="C",
       weapon=MUSKET, formation="Column")
u.brigade("FR", "1st Brigade, 3rd Division (Franklin)", 0)
u.unit(0, "FR", "Leader", "Col. William B. Franklin", (6.0, 8.0), "SE", quality="C")
u.unit(0, "FR", "Infantry", "1st Minnesota", (8.0, 12.0), "SE", men=750, quality="C",
       weapon=MUSKET, formation="Line")
u.unit(0, "FR", "Infantry", "5th Massachusetts", (6.0, 9.0), "SE", men=550, quality="D",
       weapon=MUSKET, formation="Column")
u.unit(0, "FR", "Infantry", "11th Massachusetts", (6.0, 7.0), "SE", men=650, quality="C",
       weapon=MUSKET, formation="Column")
u.brigade("PO", "1st Brigade, 2nd Division (Porter)", 0)
u.unit(0, "PO", "Leader", "Col. Andrew Porter", (6.0, 5.0), "S", quality="B")
u.unit(0, "PO", "Infantry", "84th New York (14th Brooklyn)", (7.0, 9.0), "SE", men=600,
       quality="C", weapon=MUSKET, formation="Line")
u.unit(0, "PO", "Infantry", "27th New York", (5.0, 5.0), "S", men=500, quality="C",
       weapon=MUSKET, formation="Column")
u.brigade("SH", "3rd Brigade, 1st Division (Sherman)", 0)
u.unit(0, "SH", "Leader", "Col. William T. Sherman", (13.0, 5.0), "S", quality="B")
u.line(0, "SH", "Infantry", [("13th New York", 500, "C"), ("2nd Wisconsin", 600, "C"),
                             ("79th New York", 600, "C"), ("69th New York", 700, "B")],
       (11.0, 6.0), (15.0, 6.0), "S", weapon=MUSKET, formation="Column")
u.brigade("HO", "2nd Brigade, 3rd Division (Howard)", 0)
u.unit(0, "HO", "Leader", "Col. Oliver O. Howard", (2.0, 3.0), "S", quality="C", arrives=5)
u.line(0, "HO", "Infantry", [("3rd Maine", 550, "C"), ("4th Maine", 550, "C"),
                             ("5th Maine", 550, "D"), ("2nd Vermont", 600, "C")],
       (0.0, 2.0), (3.0, 2.0), "S", weapon=MUSKET, formation="Column", arrives=5)

# -- The Confederates: Jackson's line in the pines, Bee's and Bartow's remnants, and the men
#    who came up through the afternoon --------------------------------------------------------
c = Army(s, 101)
c.brigade("BE", "Army of the Potomac (Beauregard)", 1)
c.unit(1, "BE", "Leader", "Brig. Gen. P. G. T. Beauregard", (13.0, 15.0), "N", quality="B")
c.brigade("JA", "1st Brigade, Army of the Shenandoah (Jackson)", 1)
c.unit(1, "JA", "Leader", "Brig. Gen. Thomas J. Jackson", (12.0, 14.0), "N", quality="A")
c.line(1, "JA", "Infantry", [("33rd Virginia", 450, "C"), ("2nd Virginia", 450, "B"),
                             ("4th Virginia", 500, "B"), ("27th Virginia", 400, "B"),
                             ("5th Virginia", 600, "B")],
       (10.0, 13.0), (15.0, 12.5), "N", weapon=MUSKET, formation="Line")
c.brigade("JG", "Jackson's guns: Imboden, Pendleton, Alburtis and Stanard", 1)
for name, at in [("Staunton Artillery (Imboden)", (11.0, 12.0)),
                 ("Rockbridge Artillery (Pendleton)", (12.0, 12.0)),
                 ("Wise Artillery (Alburtis)", (13.0, 12.0)),
                 ("Thomas Artillery (Stanard)", (14.0, 11.5))]:
    c.unit(1, "JG", "Artillery", name, at, "N", men=70, guns=4, quality="B", weapon=SIX,
           formation="Unlimbered")
c.brigade("BB", "Bee's and Bartow's brigades (their remnants)", 1)
c.unit(1, "BB", "Leader", "Brig. Gen. Barnard E. Bee", (16.0, 12.0), "NW", quality="B")
c.line(1, "BB", "Infantry", [("4th Alabama", 350, "C"), ("2nd Mississippi", 300, "C"),
                             ("6th North Carolina", 450, "C"), ("7th Georgia", 350, "C"),
                             ("8th Georgia", 250, "C")],
       (16.0, 11.0), (17.5, 13.5), "NW", weapon=MUSKET, formation="Line")
c.brigade("HL", "Hampton's Legion", 1)
c.unit(1, "HL", "Infantry", "Hampton's Legion", (15.0, 9.0), "NW", men=600, quality="B",
       weapon=MUSKET, formation="Line")
c.brigade("CO", "5th Brigade (Cocke)", 1)
c.unit(1, "CO", "Leader", "Col. Philip St. George Cocke", (15.0, 18.0), "N", quality="C",
       arrives=2)
c.line(1, "CO", "Infantry", [("18th Virginia", 600, "C"), ("19th Virginia", 550, "C"),
                             ("28th Virginia", 550, "C")],
       (14.0, 19.0), (17.0, 19.0), "N", weapon=MUSKET, formation="Column", arrives=2)
c.brigade("KE", "Kershaw's South Carolinians", 1)
c.unit(1, "KE", "Leader", "Col. Joseph B. Kershaw", (6.0, 19.0), "N", quality="B", arrives=4)
c.line(1, "KE", "Infantry", [("2nd South Carolina", 600, "B"), ("8th South Carolina", 500, "C")],
       (5.0, 19.0), (7.0, 19.0), "N", weapon=MUSKET, formation="Column", arrives=4)
c.brigade("EL", "4th Brigade, Army of the Shenandoah (Elzey)", 1)
c.unit(1, "EL", "Leader", "Col. Arnold Elzey", (2.0, 19.0), "N", quality="B", arrives=6)
c.line(1, "EL", "Infantry", [("1st Maryland", 500, "B"), ("10th Virginia", 500, "C"),
                             ("13th Virginia", 500, "C"), ("3rd Tennessee", 600, "C")],
       (0.0, 18.0), (3.0, 19.0), "N", weapon=MUSKET, formation="Column", arrives=6)
c.brigade("EA", "6th Brigade (Early)", 1)
c.unit(1, "EA", "Leader", "Col. Jubal A. Early", (0.0, 15.0), "NE", quality="B", arrives=8)
c.line(1, "EA", "Infantry", [("7th Virginia", 500, "C"), ("7th Louisiana", 650, "C")],
       (0.0, 14.0), (0.0, 16.0), "NE", weapon=MUSKET, formation="Column", arrives=8)

# -- The chain of command (RULES.md section 17) ----------------------------------------------
# McDowell's army had no corps; Heintzelman's 3rd Division and Tyler's 1st and Hunter's 2nd
# divisions answered to him. Beauregard commanded on the field while Johnston sent up the
# Army of the Shenandoah's brigades.
u.corps_of("AR0", "Army of Northeastern Virginia", 0)
u.division("D3", "3rd Division (Heintzelman)", 0, ["HE", "WI", "FR", "HO", "AR"], corps="AR0",
           independent=["AR"])
u.division("D2", "2nd Division (Hunter): Porter's brigade", 0, ["PO"], corps="AR0")
u.division("D1", "1st Division (Tyler): Sherman's brigade", 0, ["SH"], corps="AR0")
u.commands("Brig. Gen. Irvin McDowell", "army")
u.commands("Col. Samuel P. Heintzelman", "D3")
u.commands("Col. Orlando B. Willcox", "WI")
u.commands("Col. William B. Franklin", "FR")
u.commands("Col. Andrew Porter", "PO")
u.commands("Col. William T. Sherman", "SH")
u.commands("Col. Oliver O. Howard", "HO")
c.corps_of("CS", "The Confederate armies at Manassas", 1)
c.division("SH", "Army of the Shenandoah (Johnston)", 1, ["JA", "JG", "BB", "EL"], corps="CS",
           independent=["JG"])
c.division("PT", "Army of the Potomac (Beauregard)", 1, ["HL", "CO", "KE", "EA"],
           corps="CS", independent=["HL"])
c.commands("Brig. Gen. P. G. T. Beauregard", "army")
c.commands("Brig. Gen. Thomas J. Jackson", "JA")
c.commands("Brig. Gen. Barnard E. Bee", "BB")
c.commands("Col. Philip St. George Cocke", "CO")
c.commands("Col. Joseph B. Kershaw", "KE")
c.commands("Col. Arnold Elzey", "EL")
c.commands("Col. Jubal A. Early", "EA")

scenario(
    "maps/henry_house_hill.ron",
    "// Henry House Hill, First Manassas, 21 July 1861. Written by\n"
    "// maps/sources/henry_house_hill.py (edit that, or open this file in `bayonet edit`). 125\n"
    "// yards a hex, 10 ft a step, 20 minutes a turn.",
    "Henry House Hill, First Manassas, 21 July 1861",
    "The first great battle. Since dawn McDowell's army has turned the Confederate left by "
    "Sudley Ford and driven it back across the Warrenton Turnpike; at 14:00 his men stand at "
    "the Stone House and below the plateau of Henry Hill, and Ricketts's and Griffin's "
    "batteries have just climbed onto it by the Widow Henry's house, the Fire Zouaves and the "
    "1st Minnesota beside them. On the far side of the open plateau Jackson's Virginians lie "
    "in the pines behind a line of guns (there Bee called them a stone wall), with the wreck "
    "of Bee's and Bartow's brigades and Hampton's Legion on their right; Cocke, Kershaw, "
    "Elzey's brigade fresh from the railway and Early come up through the afternoon, Howard's "
    "Maine and Vermont regiments for the Union. Both armies are green, both sides' uniforms "
    "mixed. The Union must take the plateau and hold it; the Confederates must keep it and the "
    "road to Manassas. Sources: order of battle after the Official Records, series I vol. 2 "
    "(the reports of McDowell, Heintzelman, Ricketts, Griffin, Beauregard, Johnston and "
    "Jackson), with J. Hennessy, The First Battle of Manassas (1989) and the National Park "
    "Service's troop-movement maps; map after the Official Records Atlas plate 3 and the "
    "1860s surveys of the Henry and Chinn farms. Approximations: strengths are rounded "
    "estimates (few regiments reported theirs); fields, fences and woods are placed as the "
    "period maps suggest, not surveyed; Stuart's cavalry and the Union's regular cavalry and "
    "Tyler's other brigades are left out, Bee's and Bartow's five regiments stand for their "
    "brigades' remnants, and the guns on Jackson's line are four batteries. The levels: "
    + LEVELS,
    s,
    ['(name: "Union", color: (0.16, 0.28, 0.62), edge: North)',
     '(name: "Confederate", color: (0.55, 0.55, 0.58), edge: South)'],
    0, 10, "14:00",
    VICTORY,
    1861721,
    "(clock: (dawn: 300, dusk: 1180))",
    [u, c],
    date="1861-07-21",
    action="Attack(0)",
)
