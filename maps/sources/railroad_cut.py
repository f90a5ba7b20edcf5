"""McPherson's Ridge and the Railroad Cut, Gettysburg, 1 July 1863: writes
maps/railroad_cut.ron (run from the repository root: `python3 maps/sources/railroad_cut.py`).
Author coordinates are (column, row); 125 yards a hex; north is up; 80 × 60 hexes (about
5.7 × 4.3 miles), from Marsh Creek in the west to Rock Creek in the east."""

import sys

sys.path.insert(0, "maps/sources")
from mapmaker import Army, Sketch, scenario  # noqa: E402

s = Sketch(80, 60, seed=701)

# -- The ground ------------------------------------------------------------------------------
s.slope(west=1.5, east=1.0, north=0.5, south=0.5)
s.ridge([(20, 2), (21, 30), (22, 58)], 1.5, 4.0)  # Knoxlyn Ridge (Buford's pickets)
s.ridge([(34, 6), (33, 26), (34, 46)], 2.5, 4.5)  # Herr Ridge
# McPherson's Ridge falls straight to Willoughby Run: from its crest Buford's troopers and
# Calef's guns saw Heth's columns down the far slope and across the run (OR 27/1, Buford's and
# Calef's reports; Warren-Bachelder survey). "even" sides, not the round top that hid the run.
s.ridge([(46, 18), (45, 30), (45, 44)], 2.0, 3.0, profile="even")  # McPherson's Ridge
s.ridge([(51, 10), (53, 20), (55, 28), (56, 40), (57, 60)], 3.0, 3.5)  # Oak / Seminary Ridge
s.hill((50, 9), 3.0, 4.0)  # Oak Hill
s.hill((69, 47), 4.0, 4.5)  # Cemetery Hill
s.hill((77, 49), 4.0, 3.5)  # Culp's Hill
s.valley([(40, 0), (42, 14), (41, 28), (42, 40), (44, 60)], 1.0, 2.0)  # Willoughby Run
s.valley([(6, 0), (8, 20), (9, 40), (11, 60)], 1.5, 3.0)  # Marsh Creek
s.valley([(76, 0), (76, 30), (78, 60)], 1.0, 2.5)  # Rock Creek

s.patchwork(field_share=0.5, wood_share=0.25, cell=5.0)
s.blob("F", (44, 34), 2.2, 3.2)  # Herbst's (McPherson's) Woods
s.blob("F", (56, 33), 0.8, 1.2)  # the Seminary grove
s.blob("F", (47, 6), 3.0, 2.0)  # woods on Oak Hill's west slope
s.blob("F", (76, 48), 2.5, 3.0)  # Culp's Hill
s.along("F", [(40, 0), (42, 14), (41, 22)], 0.8, only=".f")  # woods along Willoughby Run
s.blob(".", (52, 14), 2.0, 5.0, only="F")  # Forney's and Oak Ridge fields, open
s.blob(".", (45, 27), 1.5, 1.5, only="F")  # McPherson's farm
s.blob("o", (46, 28), 0.8, 0.8)  # McPherson's orchard
s.blob(".", (51, 25), 3.5, 4.0, only="F")  # open fields between the ridges, by the cut
s.blob("o", (60, 38), 1.0, 1.0)  # Shultz's
s.blob("T", (66, 32), 4.0, 5.0)  # Gettysburg
s.blob("T", (55, 33), 0.6, 0.6)  # the Lutheran Seminary
s.blob("T", (33, 26), 0.5, 0.5)  # Herr's Tavern
s.along("m", [(9, 38), (10, 50)], 0.6, only=".f")

s.line("Creek", [(6, -1), (8, 20), (9, 40), (11, 61)])  # Marsh Creek
s.line("Creek", [(76, -1), (76, 30), (78, 61)])  # Rock Creek
s.line("Stream", [(40, -1), (42, 14), (41, 28), (42, 40), (44, 61)])  # Willoughby Run
s.line("Stream", [(60, 2), (62, 20), (62, 28), (63, 40), (66, 61)])  # Stevens Run
s.ford((8.5, 33))  # fords of Marsh Creek
s.ford((10, 52))

# Roads; bridges where the pikes cross the creeks.
s.road("Pike", [(-1, 24), (9, 25), (20, 25), (33, 26), (44, 28), (55, 30), (66, 32)],
       crossing="Bridge")  # the Chambersburg Pike
s.road("Road", [(66, 31), (58, 22), (50, 14), (42, 4), (36, -1)])  # Mummasburg road
s.road("Road", [(66, 31), (66, 15), (64, -1)])  # Carlisle road
s.road("Road", [(67, 31), (74, 20), (80, 13)], crossing="Bridge")  # Harrisburg road
s.road("Road", [(65, 33), (56, 37), (45, 44), (30, 52), (10, 59), (-1, 60)])  # Fairfield road
s.road("Pike", [(67, 34), (72, 46), (80, 54)], crossing="Bridge")  # Baltimore Pike
s.road("Road", [(66, 34), (67, 50), (66, 61)])  # Taneytown road
s.road("Road", [(65, 34), (60, 48), (54, 61)])  # Emmitsburg road
s.road("Road", [(50, 14), (48, 4), (49, -1)])  # Middletown road, down from Oak Hill
s.road("Rail", [(80, 30), (67, 30)])  # Gettysburg Railroad, finished to the town
s.road("Trail", [(45, 27), (47, 20), (52, 14)])  # farm lanes
s.road("Trail", [(55, 33), (50, 38), (45, 40)])
# The unfinished railroad: a graded bed with three cuts and fills between.
bed = s.road("Trail", [(28, 23), (40, 25), (46, 26), (54, 28), (60, 29)])
cuts = [h for h in bed if 44 <= h[0] <= 45 or 48 <= h[0] <= 50 or 53 <= h[0] <= 55]
for run in ([h for h in cuts if h[0] <= 45], [h for h in cuts if 48 <= h[0] <= 50],
            [h for h in cuts if h[0] >= 53]):
    s.banks("Cut", run)
s.banks("Embankment", [h for h in bed if 40 <= h[0] <= 42])

# Fences along the pike and the ridges' farms; the stone wall on Oak Ridge behind which
# Baxter's brigade met Iverson; the rail barricade before the Seminary.
s.line("Fence", [(30, 25.4), (44, 27.4), (55, 29.4)])
s.line("Fence", [(30, 26.6), (44, 28.6), (55, 30.6)])
s.line("Fence", [(47, 31), (47, 37)])
s.line("Fence", [(36, 40), (42, 44)])
s.line("StoneWall", [(51.5, 13), (53.5, 22)])
s.line("Breastworks", [(54.3, 30.5), (54.8, 37)])

# At 07:40 Buford's troopers hold every objective (D-obj-1): the ridges and the cut, the
# Seminary, Oak Hill under Devin's videttes, the town and Cemetery Hill behind them.
s.objective("Gettysburg", (66, 32), 300, owner=0)
s.objective("Cemetery Hill", (69, 47), 200, owner=0)
s.objective("Lutheran Seminary", (55, 33), 200, owner=0)
s.objective("Oak Hill", (50, 9), 100, owner=0)
s.objective("McPherson's Ridge", (45, 27), 100, owner=0)
s.objective("The Railroad Cut", (49, 27), 50, owner=0)
s.objective("Herr Ridge", (33, 26), 50, owner=0)
# Place names, as the description and the period maps give them (the objectives' flags name
# the town, the two hills, the Seminary, the cut and the ridges they stand on).
s.label("Knoxlyn Ridge", "Hill", [(20.5, 12), (21, 20), (21.5, 34)], rank=2)
s.label("Herr Ridge", "Hill", [(33.5, 34), (34, 40), (34, 46)])
s.label("McPherson's Ridge", "Hill", [(45.5, 34), (45, 40), (45, 44)])
s.label("Seminary Ridge", "Hill", [(56, 40), (56.5, 48), (57, 56)])
s.label("Culp's Hill", "Hill", [(78, 51)])
s.label("Marsh Creek", "Stream", [(8, 8), (8.5, 16), (9, 26)], rank=1)
s.label("Rock Creek", "Stream", [(77, 36), (77, 44), (78, 56)], rank=1)
s.label("Willoughby Run", "Stream", [(41, 44), (42.5, 50), (43.5, 58)])
s.label("Stevens Run", "Stream", [(61, 4), (62, 12)])
s.label("Herbst's Woods", "Woods", [(43, 37)])
s.label("Marsh Creek ford", "Ford", [(8.5, 33)])
s.label("Shultz's", "Farm", [(60, 40)])
s.label("Chambersburg Pike", "Road", [(12, 26), (20, 26), (27, 27)], rank=2)
s.label("Mummasburg Road", "Road", [(60, 21), (55, 16)])
s.label("Fairfield Road", "Road", [(34, 51), (26, 54), (18, 57)])
s.label("Emmitsburg Road", "Road", [(62, 50), (58, 56)])
s.label("Baltimore Pike", "Road", [(74, 52), (79, 56)])
s.supply_source((66, 59))
s.supply_source((79, 55))
s.supply_source((0, 24))
s.supply_source((49, 0))

RIFLE, CARB = "rifled musket", "carbine"

# -- The Union: Buford's division, then the I Corps ------------------------------------------
u = Army(s, 1)
u.unit(0, u.brigade("BU", "1st Cavalry Division headquarters", 0), "Leader",
       "Brig. Gen. John Buford", (55.0, 31.0), "NW", quality="A")
u.brigade("GA", "1st Brigade, 1st Cavalry Division (Gamble)", 0)
u.unit(0, "GA", "Leader", "Col. William Gamble", (44.0, 30.0), "NW", quality="B")
u.line(0, "GA", "Cavalry", [("8th Illinois Cavalry", 470, "B"),
                            ("12th Illinois & 3rd Indiana Cavalry", 400, "C"),
                            ("8th New York Cavalry", 580, "C")], (45, 24), (45, 34), "NW",
       weapon=CARB, formation="Dismounted")
u.unit(0, "GA", "Cavalry", "8th Illinois Cavalry (pickets)", (21.0, 25.0), "NW", men=60,
       quality="B", weapon=CARB, formation="Dismounted")
# Calef's guns stood on the crest astride the pike by McPherson's farm (Calef's report,
# OR 27/1), not a hex behind it where the sketch had them.
u.unit(0, "GA", "Artillery", "Btry A, 2nd U.S. (Calef)", (45.0, 27.5), "NW", men=110, guns=6,
       quality="B", weapon="3-inch rifle", formation="Unlimbered")
u.brigade("DE", "2nd Brigade, 1st Cavalry Division (Devin)", 0)
u.unit(0, "DE", "Leader", "Col. Thomas C. Devin", (49.0, 18.0), "NW", quality="B")
u.line(0, "DE", "Cavalry", [("6th New York Cavalry", 220, "C"), ("9th New York Cavalry", 370, "C"),
                            ("17th Pennsylvania Cavalry", 460, "C"),
                            ("3rd West Virginia Cavalry (det.)", 60, "C")], (46, 22), (50, 12),
       "NW", weapon=CARB, formation="Dismounted")


def wave(army, turn, brigade, kind, regiments, spots, facing="N", **kw):
    for (name, men, q), at in zip(regiments, spots):
        army.unit(0, brigade, kind, name, at, facing, men=men, quality=q, arrives=turn, **kw)


road_in = [(58, 59), (59, 58), (57, 59), (58, 58), (59, 59), (57, 58), (60, 57), (56, 59)]
u.brigade("RW", "Left wing headquarters (Reynolds)", 0)
u.brigade("IC", "I Corps headquarters", 0)
u.unit(0, "RW", "Leader", "Maj. Gen. John F. Reynolds", (58, 57), "N", quality="A", arrives=7)
u.unit(0, "IC", "Leader", "Maj. Gen. Abner Doubleday", (59, 57), "N", quality="B", arrives=9)
u.brigade("CU", "2nd Brigade, 1st Division (Cutler)", 0)
u.unit(0, "CU", "Leader", "Brig. Gen. Lysander Cutler", (57, 57), "N", quality="B", arrives=7)
wave(u, 7, "CU", "Infantry", [("76th New York", 375, "B"), ("84th New York (14th Brooklyn)", 320, "B"),
                              ("95th New York", 240, "B"), ("147th New York", 380, "B"),
                              ("56th Pennsylvania", 250, "B")], road_in, weapon=RIFLE,
     formation="Column")
u.unit(0, "CU", "Artillery", "2nd Maine Battery (Hall)", (60, 58), "N", men=120, guns=6,
       quality="B", weapon="3-inch rifle", arrives=7)
u.brigade("IB", "1st Brigade, 1st Division (Meredith, the Iron Brigade)", 0)
u.unit(0, "IB", "Leader", "Brig. Gen. Solomon Meredith", (57, 57), "N", quality="B", arrives=8)
u.unit(0, "IB", "Leader", "Brig. Gen. James S. Wadsworth", (58, 57), "N", quality="C", arrives=8)
wave(u, 8, "IB", "Infantry", [("2nd Wisconsin", 300, "A"), ("7th Wisconsin", 360, "A"),
                              ("19th Indiana", 310, "A"), ("24th Michigan", 500, "A"),
                              ("6th Wisconsin", 340, "A")], road_in, weapon=RIFLE,
     formation="Column")
u.brigade("ST", "2nd Brigade, 3rd Division (Stone)", 0)
u.unit(0, "ST", "Leader", "Col. Roy Stone", (57, 57), "N", quality="B", arrives=11)
wave(u, 11, "ST", "Infantry", [("143rd Pennsylvania", 460, "B"), ("149th Pennsylvania", 450, "B"),
                               ("150th Pennsylvania", 400, "B")], road_in, weapon=RIFLE,
     formation="Column")
u.brigade("BI", "1st Brigade, 3rd Division (Biddle)", 0)
u.unit(0, "BI", "Leader", "Col. Chapman Biddle", (59, 57), "N", quality="C", arrives=12)
wave(u, 12, "BI", "Infantry", [("80th New York", 290, "C"), ("121st Pennsylvania", 260, "C"),
                               ("142nd Pennsylvania", 340, "C"), ("151st Pennsylvania", 470, "C")],
     road_in, weapon=RIFLE, formation="Column")
u.brigade("PA", "1st Brigade, 2nd Division (Paul)", 0)
u.unit(0, "PA", "Leader", "Brig. Gen. Gabriel R. Paul", (67, 57), "N", quality="B", arrives=12)
tan_in = [(67, 59), (66, 58), (67, 58), (66, 59), (68, 58), (65, 59)]
wave(u, 12, "PA", "Infantry", [("16th Maine", 300, "B"), ("13th Massachusetts", 280, "B"),
                               ("94th New York", 410, "C"), ("104th New York", 290, "C"),
                               ("107th Pennsylvania", 250, "C")], tan_in, weapon=RIFLE,
     formation="Column")
u.brigade("BX", "2nd Brigade, 2nd Division (Baxter)", 0)
u.unit(0, "BX", "Leader", "Brig. Gen. Henry Baxter", (66, 57), "N", quality="B", arrives=13)
wave(u, 13, "BX", "Infantry", [("12th Massachusetts", 260, "B"), ("83rd New York", 200, "B"),
                               ("97th New York", 240, "B"), ("11th Pennsylvania", 270, "B"),
                               ("88th Pennsylvania", 270, "B"), ("90th Pennsylvania", 210, "B")],
     tan_in, weapon=RIFLE, formation="Column")
u.brigade("WA", "I Corps Artillery Brigade (Wainwright)", 0)
for name, guns, wpn, at, turn in [("Btry B, 4th U.S. (Stewart)", 6, "Napoleon 12-pdr", (65, 59), 11),
                                  ("Btry L, 1st New York (Reynolds)", 6, "3-inch rifle", (68, 59), 11),
                                  ("Btry B, 1st Pennsylvania (Cooper)", 4, "3-inch rifle", (64, 59), 12),
                                  ("Btry E, 1st New York", 4, "3-inch rifle", (69, 59), 13)]:
    u.unit(0, "WA", "Artillery", name, at, "N", men=guns * 20, guns=guns, quality="B",
           weapon=wpn, arrives=turn)
u.unit(0, "IC", "Supply", "I Corps ammunition train", (67, 59), "N", men=14, quality="D", arrives=10)

# -- The Confederates: Heth's division on the pike, then Pender's; Rodes from the north ------
c = Army(s, 201)
c.brigade("HE", "Heth's division headquarters", 1)
c.unit(1, "HE", "Leader", "Maj. Gen. Henry Heth", (18.0, 25.0), "NE", quality="B")
c.brigade("AR", "Archer's brigade", 1)
c.unit(1, "AR", "Leader", "Brig. Gen. James J. Archer", (22.0, 27.0), "NE", quality="B")
c.line(1, "AR", "Infantry", [("5th Alabama Battalion", 135, "C"), ("13th Alabama", 310, "C"),
                             ("1st Tennessee (Provisional)", 280, "C"), ("7th Tennessee", 250, "C"),
                             ("14th Tennessee", 220, "C")], (20, 27), (23, 31), "NE",
       weapon=RIFLE)
c.brigade("DV", "Davis's brigade", 1)
c.unit(1, "DV", "Leader", "Brig. Gen. Joseph R. Davis", (22.0, 22.0), "NE", quality="C")
c.line(1, "DV", "Infantry", [("55th North Carolina", 640, "C"), ("2nd Mississippi", 490, "C"),
                             ("42nd Mississippi", 575, "D")], (22, 19), (22, 23), "NE",
       weapon=RIFLE)
c.brigade("PE", "Pettigrew's brigade", 1)
c.unit(1, "PE", "Leader", "Brig. Gen. J. Johnston Pettigrew", (14.0, 25.0), "NE", quality="B")
c.line(1, "PE", "Infantry", [("11th North Carolina", 550, "C"), ("26th North Carolina", 840, "B"),
                             ("47th North Carolina", 570, "C"), ("52nd North Carolina", 550, "C")],
       (12, 24), (16, 26), "NE", weapon=RIFLE, formation="Column")
c.brigade("BR", "Brockenbrough's brigade", 1)
c.unit(1, "BR", "Leader", "Col. John M. Brockenbrough", (6.0, 24.0), "NE", quality="D")
c.line(1, "BR", "Infantry", [("40th Virginia", 250, "D"), ("47th Virginia", 210, "D"),
                             ("55th Virginia", 270, "D"), ("22nd Virginia Battalion", 240, "D")],
       (3, 23), (7, 25), "NE", weapon=RIFLE, formation="Column")
c.brigade("PG", "Pegram's artillery battalion", 1)
c.unit(1, "PG", "Leader", "Maj. William J. Pegram", (18.0, 23.0), "NE", quality="A")
for name, guns, wpn, at in [("Crenshaw Battery", 4, "Napoleon 12-pdr", (17.0, 23.0)),
                            ("Fredericksburg Artillery", 4, "Napoleon 12-pdr", (16.0, 23.0)),
                            ("Letcher Artillery", 4, "Napoleon 12-pdr", (17.0, 27.0)),
                            ("Pee Dee Artillery", 4, "3-inch rifle", (16.0, 27.0)),
                            ("Purcell Artillery", 4, "Napoleon 12-pdr", (15.0, 22.0))]:
    c.unit(1, "PG", "Artillery", name, at, "NE", men=guns * 20, guns=guns, quality="B",
           weapon=wpn)
c.unit(1, "HE", "Supply", "Heth's ammunition train", (2.0, 26.0), "NE", men=14, quality="D")


def cwave(army, turn, brigade, regiments, spots, facing, kind="Infantry", **kw):
    for (name, men, q), at in zip(regiments, spots):
        army.unit(1, brigade, kind, name, at, facing, men=men, quality=q, arrives=turn, **kw)


pike_in = [(0, 24), (1, 24), (0, 25), (1, 25), (0, 23), (2, 24), (1, 23), (0, 26)]
c.brigade("PN", "Pender's division: Perrin's brigade", 1)
c.unit(1, "PN", "Leader", "Maj. Gen. W. Dorsey Pender", (1, 24), "NE", quality="A", arrives=9)
cwave(c, 9, "PN", [("1st South Carolina", 330, "B"), ("12th South Carolina", 370, "B"),
                   ("13th South Carolina", 390, "B"), ("14th South Carolina", 430, "B")],
      pike_in, "NE", weapon=RIFLE, formation="Column")
c.brigade("LA", "Pender's division: Lane's brigade", 1)
cwave(c, 10, "LA", [("7th North Carolina", 290, "C"), ("18th North Carolina", 350, "C"),
                    ("28th North Carolina", 350, "C"), ("33rd North Carolina", 370, "C"),
                    ("37th North Carolina", 380, "C")], pike_in, "NE", weapon=RIFLE,
      formation="Column")
c.brigade("SC", "Pender's division: Scales's brigade", 1)
cwave(c, 11, "SC", [("13th North Carolina", 230, "C"), ("16th North Carolina", 320, "C"),
                    ("22nd North Carolina", 320, "C"), ("34th North Carolina", 310, "C"),
                    ("38th North Carolina", 220, "C")], pike_in, "NE", weapon=RIFLE,
      formation="Column")
north_in = [(49, 0), (48, 0), (50, 0), (47, 0), (51, 0), (49, 1), (48, 1), (50, 1)]
c.brigade("RO", "Rodes's division headquarters", 1)
c.unit(1, "RO", "Leader", "Maj. Gen. Robert E. Rodes", (49, 1), "S", quality="B", arrives=12)
c.brigade("IV", "Rodes's division: Iverson's brigade", 1)
cwave(c, 12, "IV", [("5th North Carolina", 470, "C"), ("12th North Carolina", 220, "C"),
                    ("20th North Carolina", 370, "C"), ("23rd North Carolina", 320, "C")],
      north_in, "S", weapon=RIFLE, formation="Column")
c.brigade("ON", "Rodes's division: O'Neal's brigade", 1)
cwave(c, 12, "ON", [("3rd Alabama", 350, "C"), ("5th Alabama", 320, "C"), ("6th Alabama", 380, "C"),
                    ("12th Alabama", 320, "C")], north_in[4:] + [(46, 0), (52, 0)], "S",
      weapon=RIFLE, formation="Column")
c.brigade("DA", "Rodes's division: Daniel's brigade", 1)
cwave(c, 13, "DA", [("32nd North Carolina", 450, "B"), ("43rd North Carolina", 570, "B"),
                    ("45th North Carolina", 560, "B"), ("53rd North Carolina", 320, "B"),
                    ("2nd North Carolina Battalion", 240, "B")], north_in, "S", weapon=RIFLE,
      formation="Column")
c.brigade("CA", "Rodes's division: Carter's artillery battalion", 1)
for name, guns, wpn, at in [("Morris Artillery (Page)", 4, "Napoleon 12-pdr", (47, 1)),
                            ("Orange Artillery (Fry)", 4, "3-inch rifle", (51, 1))]:
    c.unit(1, "CA", "Artillery", name, at, "S", men=guns * 20, guns=guns, quality="B",
           weapon=wpn, arrives=12)

# -- The chain of command (RULES.md section 17) ----------------------------------------------
# Reynolds commands the left wing of the army, here Buford's division and the I Corps
# (Doubleday's once Reynolds is gone); Wadsworth's 1st Division, the 2nd (Robinson) and the 3rd
# (Rowley), whose commanders are not on this map; Wainwright's artillery serves where it is
# sent. Hill's Third Corps (Heth, Pender) and Ewell's Second Corps (Rodes); the artillery
# battalions likewise.
u.corps_of("I", "I Corps", 0)
u.division("CD", "1st Cavalry Division (Buford)", 0, ["BU", "GA", "DE"], independent=["WA"])
u.division("W1", "1st Division, I Corps (Wadsworth)", 0, ["CU", "IB"], corps="I")
u.division("R2", "2nd Division, I Corps (Robinson)", 0, ["PA", "BX"], corps="I")
u.division("R3", "3rd Division, I Corps (Rowley)", 0, ["ST", "BI"], corps="I")
u.commands("Brig. Gen. John Buford", "CD")
u.attach("I", ["IC"])
u.commands("Maj. Gen. John F. Reynolds", "army")
u.commands("Maj. Gen. Abner Doubleday", "I")
u.commands("Brig. Gen. James S. Wadsworth", "W1")
c.corps_of("III", "Third Corps (A. P. Hill)", 1)
c.corps_of("II", "Second Corps (Ewell)", 1)
c.division("HD", "Heth's division", 1, ["HE", "AR", "DV", "PE", "BR"], corps="III",
           independent=["PG"])
c.division("PD", "Pender's division", 1, ["PN", "LA", "SC"], corps="III")
c.division("RD", "Rodes's division", 1, ["RO", "IV", "ON", "DA"], corps="II",
           independent=["CA"])
c.commands("Maj. Gen. Henry Heth", "HD")
c.commands("Maj. Gen. W. Dorsey Pender", "PD")
c.commands("Maj. Gen. Robert E. Rodes", "RD")

scenario(
    "maps/railroad_cut.ron",
    "// McPherson's Ridge and the Railroad Cut, 1 July 1863. Written by\n"
    "// maps/sources/railroad_cut.py (edit that, or open this file in `bayonet edit`).\n"
    "// 125 yards a hex, 10 ft a step, 20 minutes a turn.",
    "The Railroad Cut, Gettysburg, 1 July 1863",
    "Heth's division comes down the Chambersburg Pike from Marsh Creek at 07:40 against Buford's "
    "dismounted troopers on Herr and McPherson's Ridges. Reynolds brings up the I Corps from the "
    "south: Cutler's brigade north of the pike and the Iron Brigade into Herbst's Woods, where "
    "Archer's brigade is broken and Archer taken; Davis's Mississippians, having routed "
    "Cutler's right, crowd into the unfinished railroad cut and are charged there by the 6th "
    "Wisconsin, the 95th New York and the 14th Brooklyn. Pender follows Heth on the pike; from "
    "noon Rodes's division arrives on Oak Hill from the north and attacks Oak Ridge, where "
    "Baxter's brigade waits behind a stone wall. The Union must hold the ridges, the Seminary "
    "and the town until 14:20; the Confederates must take them. Sources: order of battle and "
    "strengths after the Official Records, series I vol. 27 pt. 1-2, with J. W. Busey and D. G. "
    "Martin, Regimental Strengths and Losses at Gettysburg (1986); map after the Warren-Bachelder "
    "survey (1868-73), the Official Records Atlas plate 95, and the Elliott map of the "
    "battlefield (1864). Approximations: the smaller fields, fences and woodlots are placed as "
    "the period maps suggest, not surveyed; the railroad's three cuts and the fill between them "
    "are drawn as cut and embankment hexsides of the graded bed; the XI Corps' fight north of "
    "the town and Early's attack after 13:30 are left out; Thomas's brigade and most of the "
    "artillery of Pender's and Rodes's divisions, which did not fight here, are left out. The "
    "chain of command follows the same returns: Reynolds over Buford's division and the I Corps "
    "(Wadsworth's, Robinson's and Rowley's divisions, Doubleday succeeding Reynolds); Heth's "
    "and Pender's divisions of Hill's Third Corps, Rodes's of Ewell's Second; the artillery "
    "answers to no brigade."
    " The levels, set from the skilled computer playing both sides (40 seeds, median -170): the Confederates start 1,000 points down on Buford's ground; from +90 they win a minor victory (the ridges taken, not yet the town and the hills), from +445 a major one; at -655 or below it is a minor defeat, at -895 or below a major one.",
    s,
    ['(name: "Union", color: (0.16, 0.28, 0.62), edge: South)',
     '(name: "Confederate", color: (0.55, 0.55, 0.58), edge: West)'],
    1, 20, "07:40",
    "(major_defeat: -895, minor_defeat: -655, minor_victory: 90, major_victory: 445)",
    1863,
    "(clock: (dawn: 280, dusk: 1170))",
    [u, c],
    date="1863-07-01",
    action="Meeting",
)
