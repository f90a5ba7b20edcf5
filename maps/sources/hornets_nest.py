"""The Hornet's Nest, Shiloh, 6 April 1862: writes maps/hornets_nest.ron (run from the
repository root: `python3 maps/sources/hornets_nest.py`). Author coordinates are
(column, row); 125 yards a hex; north is up; 22 x 18 hexes (about 1.6 x 1.3 miles), from the
west edge of Duncan Field to the Peach Orchard and the Bloody Pond in the east, from the woods
towards Pittsburg Landing in the north to Barnes Field in the south."""

import sys

sys.path.insert(0, "maps/sources")
from mapmaker import Army, Sketch, scenario  # noqa: E402

s = Sketch(22, 18, seed=1862406)

# -- The ground ------------------------------------------------------------------------------
# A low, wooded plateau cut by ravines running north to the Tennessee. The Sunken Road, a farm
# lane worn a little below the ground, runs east-west along a slight rise; Duncan Field lies
# open before its western half, the dense oak thicket of the Hornet's Nest before its middle,
# Sarah Bell's field and the Peach Orchard at its eastern end.
s.slope(west=1.0, east=1.5, north=0.5, south=1.5)
# The rise the Sunken Road follows: a broad, even rise (issue 74), not a rounded swell, so the
# line on it sees down the open face of Duncan Field and Sarah Bell's field, and Ruggles's
# guns at the field's western edge see the road, as they did (Reed 1902; Smith 2014: the
# road lay on a "slight rise" over open fields); the woods behind it stay out of their sight.
s.ridge([(1, 8.5), (9, 8), (17, 7.5)], 1.0, 3.0, profile="even")
s.valley([(13, -1), (12.5, 3), (13.5, 6)], 1.5, 1.2)  # a ravine behind the line, to the river
s.valley([(4, -1), (3.5, 4)], 1.0, 1.0)  # Tilghman Branch's head, behind the west flank
s.valley([(21, 12), (19, 13.5), (16, 17)], 1.0, 1.2)  # the branch by the Bloody Pond

s.patchwork(field_share=0.15, wood_share=0.85, cell=4.0)
s.area(".", [(2.5, 8.7), (8.5, 8.4), (8.5, 12), (2.5, 12.5)])  # Duncan Field
s.area(".", [(14, 8), (19.5, 7.5), (19.5, 11.5), (14, 11.5)])  # Sarah Bell's field
s.blob("o", (16.5, 8.7), 1.5, 1.0)  # the Peach Orchard, in blossom
s.area(".", [(6, 14), (11, 14), (11, 17), (6, 17)])  # Barnes Field
s.area(".", [(11, 0), (16, 0), (16, 2.5), (11, 2.5)])  # Wicker Field, behind the line
s.blob("r", (10.5, 10), 1.8, 1.2, only="F")  # the oak thicket of the Hornet's Nest
s.blob("~", (17.5, 11.2), 0.4, 0.4)  # the Bloody Pond

# The Sunken Road; the Eastern Corinth road crossing it north-south; the Hamburg-Savannah road
# in the east; the lane past the Duncan house. Rail fences along Duncan Field.
s.road("Trail", [(0, 9), (5, 8.6), (9, 8.2), (13, 8), (17, 7.5), (22, 7)])
s.road("Road", [(10, -1), (10, 8.2), (9.5, 13), (9, 19)])  # the Eastern Corinth road
s.road("Road", [(21, -1), (20.5, 8), (21, 19)])  # the Hamburg-Savannah road
s.road("Trail", [(1, 12), (4, 10.5), (5, 8.6)])  # the Duncan lane
s.line("Fence", [(2.5, 8.9), (8.5, 8.6)])
s.line("Fence", [(8.5, 8.6), (8.5, 12)])
s.line("Fence", [(14, 8.2), (19.5, 7.7)])

# At 13:00 the Union holds the Sunken Road from Duncan Field to the Peach Orchard.
s.objective("The Sunken Road", (9, 8), 200, owner=0)
s.objective("The Hornet's Nest", (12, 8), 150, owner=0)
s.objective("The Peach Orchard", (16, 8), 100, owner=0)
s.objective("The road to Pittsburg Landing", (10, 1), 200, owner=0)
s.objective("Duncan Field", (5, 10), 50)
s.objective("Barnes Field", (8, 15), 100, owner=1)
s.label("The Sunken Road", "Road", [(5, 8.2), (7, 8)], rank=1)
s.label("The Hornet's Nest", "Woods", [(11, 10.5)], rank=1)
s.label("Duncan Field", "Farm", [(5, 11)], rank=2)
s.label("Peach Orchard", "Farm", [(16.5, 9.5)], rank=2)
s.label("Sarah Bell's Field", "Farm", [(18, 10.8)], rank=3)
s.label("Bloody Pond", "Stream", [(17.5, 12)], rank=3)
s.label("Barnes Field", "Farm", [(8.5, 16)], rank=3)
s.label("Wicker Field", "Farm", [(13.5, 1.5)], rank=3)
s.label("Eastern Corinth Road", "Road", [(9.8, 4), (10, 6)], rank=3)
s.label("Hamburg-Savannah Road", "Road", [(20.6, 3), (20.6, 5)], rank=3)
s.supply_source((10, 0))
s.supply_source((9, 17))

RIFLE, MUSKET, MIXED = "rifled musket", "smoothbore musket", "mixed arms"
SIX, NAP, HOW, ORD = "6-pdr smoothbore", "12-pdr Napoleon", "12-pdr howitzer", "3-inch rifle"

# The victory levels, measured (README, Balance: the skilled computer on both sides, 40 seeds),
# and what they mean.
VICTORY = "(major_defeat: -570, minor_defeat: -180, minor_victory: 725, major_victory: 1035)"
LEVELS = (
    "the Confederates start 550 points down, the Sunken Road, the Hornet's Nest, the Peach "
    "Orchard and the road to the Landing being the Union's and Barnes Field theirs; from +725 "
    "they win a minor victory (a lodgement in the line, or the Union bled worse than "
    "themselves), from +1,035 a major one (the line broken and the Nest taken, as at 17:30 it "
    "was); at -180 or below it is a minor defeat (thrown back from the road), at -570 or below "
    "a major one (repulsed with ruinous losses). They were measured with the skilled computer "
    "on both sides, given history's orders (40 seeds, median +160)."
)

# -- The Union: W. H. L. Wallace's, Prentiss's and Hurlbut's men along the Sunken Road --------
u = Army(s, 1)
u.brigade("WA", "2nd Division (W. H. L. Wallace)", 0)
u.unit(0, "WA", "Leader", "Brig. Gen. W. H. L. Wallace", (9.0, 6.0), "S", quality="B")
u.brigade("TU", "1st Brigade, 2nd Division (Tuttle): the Iowa brigade", 0)
u.unit(0, "TU", "Leader", "Col. James M. Tuttle", (8.0, 7.0), "S", quality="B")
u.line(0, "TU", "Infantry", [("2nd Iowa", 500, "B"), ("7th Iowa", 450, "B"),
                             ("12th Iowa", 450, "C"), ("14th Iowa", 450, "C")],
       (6.0, 8.5), (10.0, 8.2), "S", weapon=MUSKET, formation="Line")
u.brigade("SW", "3rd Brigade, 2nd Division (Sweeny)", 0)
u.unit(0, "SW", "Leader", "Col. Thomas W. Sweeny", (3.0, 7.0), "SW", quality="B")
u.unit(0, "SW", "Infantry", "8th Iowa", (11.0, 8.0), "S", men=550, quality="B", weapon=MUSKET,
       formation="Line")
u.unit(0, "SW", "Infantry", "58th Illinois", (12.0, 8.0), "S", men=500, quality="C",
       weapon=MUSKET, formation="Line")
u.line(0, "SW", "Infantry", [("7th Illinois", 450, "C"), ("50th Illinois", 450, "C")],
       (2.0, 7.5), (4.0, 8.0), "SW", weapon=MUSKET, formation="Line")
u.brigade("PR", "6th Division (Prentiss): its remnant", 0)
u.unit(0, "PR", "Leader", "Brig. Gen. Benjamin M. Prentiss", (14.0, 6.0), "S", quality="B")
u.line(0, "PR", "Infantry", [("12th Michigan", 300, "C"), ("18th Wisconsin", 300, "D"),
                             ("23rd Missouri", 500, "C"), ("18th Missouri", 250, "C")],
       (13.0, 8.0), (15.0, 7.8), "S", weapon=MIXED, formation="Line")
u.brigade("HU", "4th Division (Hurlbut)", 0)
u.unit(0, "HU", "Leader", "Brig. Gen. Stephen A. Hurlbut", (17.0, 6.0), "S", quality="C")
u.line(0, "HU", "Infantry", [("3rd Iowa", 450, "B"), ("41st Illinois", 450, "C"),
                             ("28th Illinois", 450, "C"), ("44th Indiana", 450, "B")],
       (16.0, 8.0), (19.0, 7.5), "S", weapon=MUSKET, formation="Line")
u.brigade("AR", "The batteries of the Sunken Road", 0)
for name, at, guns, weapon in [
        ("Btry K, 1st Missouri (Stone)", (7.0, 7.5), 4, ORD),
        ("Btry D, 1st Missouri (Richardson)", (9.0, 7.5), 4, HOW),
        ("Btry H, 1st Missouri (Welker)", (10.0, 7.5), 4, ORD),
        ("5th Ohio Battery (Hickenlooper)", (13.0, 7.5), 4, SIX),
        ("1st Minnesota Battery (Munch)", (14.0, 7.0), 4, SIX)]:
    u.unit(0, "AR", "Artillery", name, at, "S", men=80, guns=guns, quality="B", weapon=weapon,
           formation="Unlimbered")

# -- The Confederates: Bragg's, Hardee's and Polk's brigades, then Breckinridge's, then
#    Ruggles's guns --------------------------------------------------------------------------
c = Army(s, 101)
c.brigade("BR", "Second Corps (Bragg)", 1)
c.unit(1, "BR", "Leader", "Maj. Gen. Braxton Bragg", (9.0, 16.0), "N", quality="B")
c.brigade("GI", "Gibson's brigade, Ruggles's division", 1)
c.unit(1, "GI", "Leader", "Col. Randall L. Gibson", (10.0, 13.0), "N", quality="C")
c.line(1, "GI", "Infantry", [("1st Arkansas", 600, "C"), ("4th Louisiana", 500, "C"),
                             ("13th Louisiana", 500, "C"), ("19th Louisiana", 450, "C")],
       (9.0, 12.0), (12.0, 12.0), "N", weapon=MUSKET, formation="Line")
c.brigade("SH", "Shaver's brigade, Hindman's division", 1)
c.unit(1, "SH", "Leader", "Col. R. G. Shaver", (13.0, 13.0), "N", quality="C")
c.line(1, "SH", "Infantry", [("2nd Arkansas", 500, "C"), ("6th Arkansas", 500, "C"),
                             ("7th Arkansas", 500, "C"), ("3rd Confederate", 400, "C")],
       (12.5, 11.5), (15.0, 12.5), "N", weapon=MUSKET, formation="Line")
c.brigade("ST", "Stephens's brigade, Cheatham's division", 1)
c.unit(1, "ST", "Leader", "Col. William H. Stephens", (5.0, 14.0), "NE", quality="C")
c.line(1, "ST", "Infantry", [("7th Kentucky", 450, "C"), ("1st Tennessee Battalion", 350, "C"),
                             ("6th Tennessee", 550, "B"), ("9th Tennessee", 500, "C")],
       (3.0, 13.0), (7.0, 13.5), "N", weapon=MUSKET, formation="Line")
c.brigade("SA", "Statham's brigade, Breckinridge's Reserve Corps", 1)
c.unit(1, "SA", "Leader", "Col. W. S. Statham", (17.0, 17.0), "N", quality="C", arrives=3)
c.line(1, "SA", "Infantry", [("15th Mississippi", 500, "C"), ("22nd Mississippi", 450, "C"),
                             ("19th Tennessee", 500, "C"), ("45th Tennessee", 450, "D")],
       (15.0, 17.0), (19.0, 17.0), "N", weapon=MUSKET, formation="Column", arrives=3)
c.brigade("BO", "Bowen's brigade, Breckinridge's Reserve Corps", 1)
c.unit(1, "BO", "Leader", "Brig. Gen. John S. Bowen", (20.0, 16.0), "N", quality="B",
       arrives=4)
c.line(1, "BO", "Infantry", [("9th Arkansas", 450, "C"), ("10th Arkansas", 450, "C"),
                             ("1st Missouri", 600, "B")],
       (19.0, 17.0), (21.0, 16.0), "N", weapon=MUSKET, formation="Column", arrives=4)
c.brigade("RU", "Ruggles's massed batteries", 1)
for name, at, weapon, arrives in [
        ("Washington Artillery, 5th Co. (Hodgson)", (4.0, 15.0), NAP, None),
        ("Ketchum's Alabama Battery", (6.0, 15.0), SIX, None),
        ("Robertson's Florida Battery", (1.0, 13.0), SIX, 8),
        ("Trigg's Arkansas Battery", (1.0, 12.0), SIX, 8),
        ("Swett's Mississippi Battery", (0.0, 11.0), SIX, 8),
        ("Roberts's Arkansas Battery", (0.0, 13.0), SIX, 8)]:
    c.unit(1, "RU", "Artillery", name, at, "NE", men=80, guns=4, quality="B", weapon=weapon,
           formation="Limbered" if arrives else "Unlimbered", arrives=arrives)

# -- The chain of command (RULES.md section 17) ----------------------------------------------
u.corps_of("AT", "Army of the Tennessee (Grant)", 0)
u.division("D2", "2nd Division (W. H. L. Wallace)", 0, ["WA", "TU", "SW", "AR"], corps="AT",
           independent=["AR"])
u.division("D6", "6th Division (Prentiss)", 0, ["PR"], corps="AT")
u.division("D4", "4th Division (Hurlbut)", 0, ["HU"], corps="AT")
u.commands("Brig. Gen. W. H. L. Wallace", "D2")
u.commands("Col. James M. Tuttle", "TU")
u.commands("Col. Thomas W. Sweeny", "SW")
u.commands("Brig. Gen. Benjamin M. Prentiss", "D6")
u.commands("Brig. Gen. Stephen A. Hurlbut", "D4")
c.corps_of("AM", "Army of the Mississippi (A. S. Johnston)", 1)
c.division("BG", "Bragg's corps and its attached brigades", 1, ["BR", "GI", "SH", "ST", "RU"],
           corps="AM", independent=["RU"])
c.division("BK", "Breckinridge's Reserve Corps", 1, ["SA", "BO"], corps="AM")
c.commands("Maj. Gen. Braxton Bragg", "BG")
c.commands("Col. Randall L. Gibson", "GI")
c.commands("Col. R. G. Shaver", "SH")
c.commands("Col. William H. Stephens", "ST")
c.commands("Col. W. S. Statham", "SA")
c.commands("Brig. Gen. John S. Bowen", "BO")

scenario(
    "maps/hornets_nest.ron",
    "// The Hornet's Nest, Shiloh, 6 April 1862. Written by maps/sources/hornets_nest.py (edit\n"
    "// that, or open this file in `bayonet edit`). 125 yards a hex, 10 ft a step, 20 minutes\n"
    "// a turn.",
    "The Hornet's Nest, Shiloh, 6 April 1862",
    "A line that would not break. Surprised at dawn and driven back from their camps, "
    "Prentiss's remnant, W. H. L. Wallace's Iowans and Illinoisans and Hurlbut's men have "
    "found a worn farm lane along a low rise and lain down in it, Duncan Field open before its "
    "western half and a thicket of oaks before its middle; five batteries stand among them. "
    "At 13:00 Gibson's Louisianans and Arkansans, Shaver's Arkansans and Stephens's Tennesseans "
    "come at them brigade by brigade, as they will all afternoon; Statham's and Bowen's "
    "brigades of Breckinridge's reserve come up on the right from 14:00, and from 15:20 Ruggles "
    "gathers the guns of the Confederate left at the edge of Duncan Field. The Union must hold "
    "the road and the way to Pittsburg Landing until dark, buying Grant the time to form his "
    "last line; the Confederates must break or surround them. Sources: order of battle after "
    "the Official Records, series I vol. 10 pt. 1 (the reports of Prentiss, Tuttle, Hurlbut, "
    "Bragg, Gibson and Ruggles), with T. Smith, Shiloh: Conquer or Perish (2014) and D. W. Reed, "
    "The Battle of Shiloh and the Organizations Engaged (1902); map after the Shiloh National "
    "Military Park Commission's map of the battlefield (Reed, 1901). Approximations: strengths "
    "are rounded estimates of what was left by the afternoon; the woods, fields and the "
    "thicket are placed as the park's map shows them, not surveyed; Prentiss's seven shattered "
    "regiments are four here, Hurlbut's two brigades four regiments, Sweeny's brigade four of "
    "its six; Ruggles's 53 guns are six batteries; Chalmers's and Jackson's brigades in the "
    "east and the Union's McClernand and Sherman in the west are left out; the Sunken Road "
    "gives the cover of its fences, not of a trench. The levels: "
    + LEVELS,
    s,
    ['(name: "Union", color: (0.16, 0.28, 0.62), edge: North)',
     '(name: "Confederate", color: (0.55, 0.55, 0.58), edge: South)'],
    1, 12, "13:00",
    VICTORY,
    1862406,
    "(clock: (dawn: 330, dusk: 1110))",
    [u, c],
    date="1862-04-06",
    action="Attack(1)",
    intent=[
        # Bragg threw Gibson's and Shaver's brigades at the thicket again and again, Stephens's
        # at the Sunken Road, and Breckinridge's Statham and Bowen at the Peach Orchard, until
        # Hurlbut gave way and the Nest was surrounded; Grant told Prentiss to hold "at all
        # hazards" (OR I/10 pt. 1, Bragg's, Breckinridge's and Prentiss's reports).
        '(side: 1, formation: "GI", mission: Attack, objective: "The Hornet\'s Nest")',
        '(side: 1, formation: "SH", mission: Attack, objective: "The Hornet\'s Nest")',
        '(side: 1, formation: "ST", mission: Attack, objective: "The Sunken Road")',
        '(side: 1, formation: "SA", mission: Attack, objective: "The Peach Orchard")',
        '(side: 1, formation: "BO", mission: Attack, objective: "The Peach Orchard")',
        '(side: 0, formation: "PR", mission: Hold, objective: "The Hornet\'s Nest")',
        '(side: 0, formation: "TU", mission: Hold, objective: "The Sunken Road")',
        '(side: 0, formation: "HU", mission: Hold, objective: "The Peach Orchard")',
    ],
)
