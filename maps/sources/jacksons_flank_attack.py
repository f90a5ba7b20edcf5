"""Jackson's flank attack, Chancellorsville, 2 May 1863: writes maps/jacksons_flank_attack.ron
(run from the repository root: `python3 maps/sources/jacksons_flank_attack.py`). Author
coordinates are (column, row); 125 yards a hex; north is up; 34 x 18 hexes (about 2.4 x 1.3
miles), from the Luckett farm west of the Talley clearing to the Chancellor house, along the
Orange turnpike, from the Bullock road in the north to Hazel Grove in the south."""

import sys

sys.path.insert(0, "maps/sources")
from mapmaker import Army, Sketch, batteries, brigade, scenario  # noqa: E402

s = Sketch(34, 18, seed=1863502)

# -- The ground ------------------------------------------------------------------------------
# The Wilderness: second-growth oak and pine so thick a regiment could not keep its line,
# cut by a few clearings along the Orange turnpike. The ground rises gently eastward to the
# Fairview plateau and the Chancellor house; Hazel Grove is a rise south of the road across the
# run; Lewis's and Hunting runs cut the woods north and south.
s.slope(west=1.0, east=2.0, north=0.5, south=0.0)
s.hill((29, 9), 1.5, 2.5)  # the Fairview plateau
s.hill((24, 15), 1.5, 2.0)  # Hazel Grove
s.valley([(20, -1), (21, 6), (22, 11), (23, 19)], 1.0, 1.0)  # Lewis's run and Scott's run
s.valley([(0, 15), (10, 16), (20, 17.5)], 0.6, 1.5)  # Hunting run

s.patchwork(field_share=0.1, wood_share=0.85, cell=3.0)
s.area("F", [(-1, -1), (35, -1), (35, 19), (-1, 19)], only=".f")
s.blob(".", (2, 8), 1.5, 1.5)  # the Luckett farm
s.blob("f", (7, 7), 2.0, 1.8)  # the Talley farm
s.blob(".", (12, 9), 1.3, 1.0)  # the Wilderness Church
s.blob("f", (13, 11), 2.2, 1.5)  # the Hawkins farm
s.blob(".", (16, 8.5), 1.5, 1.2)  # Dowdall's Tavern (Melzi Chancellor's)
s.blob("f", (24, 14.5), 1.8, 1.8)  # Hazel Grove
s.blob("f", (29, 9.5), 2.2, 2.0)  # Fairview
s.blob(".", (32.5, 8.5), 1.5, 1.5)  # Chancellorsville

s.road("Pike", [(-1, 8), (7, 8), (12, 8.8), (16, 8.5), (22, 8.5), (28, 8.8), (33, 8.5),
                (35, 8.5)])  # the Orange turnpike
s.road("Road", [(-1, 12), (6, 12), (12, 10), (15.5, 8.8)])  # the Orange plank road
s.road("Trail", [(16, 8.5), (18, 4), (22, 2), (33, 1)])  # the Bullock road
s.road("Trail", [(16, 8.5), (20, 12), (24, 14.5)])  # the track to Hazel Grove
s.road("Trail", [(24, 14.5), (28, 12), (29, 9.5)])  # the track from Hazel Grove to Fairview
# Howard's lines faced south along the road; only two regiments and two guns faced west.
# Buschbeck's rifle pits at Dowdall's were the one line that faced the right way.
s.line("Breastworks", [(9.5, 9.6), (16, 9.8)])
s.line("Breastworks", [(8.3, 6.5), (8.3, 8.6)])
s.line("Breastworks", [(15, 6.5), (15, 8.0)])
s.line("Breastworks", [(28, 7.5), (28, 11.5)])  # the works thrown up at Fairview that night

# At 17:20 the Union holds the road and everything east of the Talley farm.
s.objective("The Talley farm", (7, 7), 50, owner=0)
s.objective("The Wilderness Church", (12, 9), 100, owner=0)
s.objective("Dowdall's Tavern", (16, 8), 150, owner=0)
s.objective("Hazel Grove", (24, 14), 150, owner=0)
s.objective("Fairview", (29, 10), 200, owner=0)
s.objective("Chancellorsville", (33, 8), 250, owner=0)
s.objective("The Luckett farm", (2, 8), 50, owner=1)
s.label("Wilderness Church", "Farm", [(12, 9.6)], rank=1)
s.label("Dowdall's Tavern", "Farm", [(16.5, 9.3)], rank=1)
s.label("Chancellorsville", "Town", [(32.5, 9.2)], rank=1)
s.label("Fairview", "Hill", [(29, 10.5)], rank=1)
s.label("Hazel Grove", "Hill", [(24, 15.5)], rank=1)
s.label("Orange Turnpike", "Road", [(4, 8), (5, 8)], rank=2)
s.label("Orange Plank Road", "Road", [(2, 12), (4, 12)], rank=2)
s.label("Talley's", "Farm", [(7, 6.2)], rank=2)
s.label("Hawkins's", "Farm", [(13, 12)], rank=3)
s.label("Luckett's", "Farm", [(2, 7.2)], rank=3)
s.label("Bullock Road", "Road", [(25, 1.6), (27, 1.4)], rank=3)
s.label("The Wilderness", "Woods", [(5, 3), (20, 16)], rank=2)
s.label("Lewis's Run", "Stream", [(21, 4)], rank=3)
s.supply_source((33, 8))
s.supply_source((0, 8))

RIFLE, MUSKET = "rifled musket", "smoothbore musket"
NAP, PARROTT, ORD, HOW = "12-pdr Napoleon", "10-pdr Parrott", "3-inch rifle", "12-pdr howitzer"
# The victory levels, measured (README, Balance: `.ci/battle-figures`), and what they mean.
VICTORY = "(major_defeat: -845, minor_defeat: -515, minor_victory: 600, major_victory: 885)"
LEVELS = (
    "the Confederates start 850 points down, everything from the Talley farm to "
    "Chancellorsville being the Union's; from +600 they win a minor victory (the XI Corps "
    "routed past Dowdall's Tavern and Hazel Grove or Fairview threatened, as it was), from "
    "+885 a major one (Fairview or Chancellorsville taken, Hooker's centre broken); at -515 or "
    "below it is a minor defeat (stopped at the Wilderness Church), at -845 or below a major "
    "one (thrown back with ruinous losses). They were measured with the skilled computer on "
    "both sides, given history's orders (40 seeds, median +30)."
)


# -- The Union: Howard's XI Corps facing south, Berry's division and Pleasonton's guns -------
u = Army(s, 1)
u.brigade("HW", "XI Corps headquarters (Howard)", 0)
u.unit(0, "HW", "Leader", "Maj. Gen. Oliver O. Howard", (16.0, 8.0), "S", quality="C")
u.brigade("DV", "1st Division, XI Corps (Devens)", 0)
u.unit(0, "DV", "Leader", "Brig. Gen. Charles Devens", (9.0, 8.0), "S", quality="C")
brigade(u, 0, "VG", "1st Brigade, 1st Division (von Gilsa)",
        [("41st New York", 300, "C"), ("45th New York", 350, "C"), ("54th New York", 250, "C"),
         ("153rd Pennsylvania", 550, "D")], (8.0, 6.5), (9.5, 9.0), "NW",
        leader="Col. Leopold von Gilsa", at=(9.0, 7.0), lq="C")
brigade(u, 0, "ML", "2nd Brigade, 1st Division (McLean)",
        [("25th Ohio", 350, "C"), ("55th Ohio", 400, "C"), ("75th Ohio", 350, "C"),
         ("107th Ohio & 17th Connecticut", 650, "C")], (10.0, 9.5), (13.5, 9.5), "S",
        leader="Brig. Gen. Nathaniel C. McLean", at=(11.0, 8.5), lq="C")
u.unit(0, "DV", "Artillery", "13th New York Battery (Dieckmann)", (8.0, 8.0), "NW", men=40,
       guns=2, quality="C", weapon=ORD, formation="Unlimbered")
u.brigade("SZ", "3rd Division, XI Corps (Schurz)", 0)
u.unit(0, "SZ", "Leader", "Maj. Gen. Carl Schurz", (14.0, 8.0), "S", quality="B")
brigade(u, 0, "SF", "1st Brigade, 3rd Division (Schimmelfennig)",
        [("82nd Illinois & 68th New York", 600, "C"), ("157th New York", 450, "C"),
         ("61st Ohio & 74th Pennsylvania", 550, "C")], (12.5, 10.5), (14.5, 10.5), "S",
        leader="Brig. Gen. Alexander Schimmelfennig", lq="B")
brigade(u, 0, "KR", "2nd Brigade, 3rd Division (Krzyzanowski)",
        [("58th & 119th New York", 550, "C"), ("26th Wisconsin", 450, "C"),
         ("75th Pennsylvania & 82nd Ohio", 550, "C")], (12.0, 11.5), (14.5, 12.5), "S",
        leader="Col. Wladimir Krzyzanowski", lq="B", formation="Column")
u.unit(0, "SZ", "Artillery", "Btry I, 1st Ohio (Dilger)", (15.0, 8.0), "NW", men=120, guns=6,
       quality="A", weapon=NAP, formation="Unlimbered")
brigade(u, 0, "BU", "1st Brigade, 2nd Division, XI Corps (Buschbeck)",
        [("29th New York", 300, "C"), ("154th New York", 550, "C"),
         ("27th & 73rd Pennsylvania", 550, "B")], (15.5, 7.0), (15.5, 8.5), "NW",
        leader="Col. Adolphus Buschbeck", lq="B")
u.unit(0, "BU", "Artillery", "Btry I, 1st New York (Wiedrich)", (16.0, 9.5), "NW", men=110,
       guns=6, quality="B", weapon=ORD, formation="Unlimbered")
batteries(u, 0, "PL", "Pleasonton's guns at Hazel Grove", [
    ("6th New York Battery (Martin)", (24.0, 14.0), 6, ORD),
    ("Btry E, 1st Rhode Island (Huntington)", (25.0, 14.0), 6, NAP),
    ("Btry H, 1st Ohio (Huntington)", (23.0, 15.0), 6, ORD)], "NW")
u.unit(0, "PL", "Leader", "Brig. Gen. Alfred Pleasonton", (25.0, 15.0), "NW", quality="B")
u.unit(0, "PL", "Cavalry", "8th Pennsylvania Cavalry (Huey)", (22.0, 13.0), "NW", men=450,
       quality="B", weapon="carbine", formation="Mounted")
batteries(u, 0, "BE", "XII Corps artillery on Fairview (Best)", [
    ("Btry F, 4th U.S. (Crosby)", (28.0, 8.0), 6, NAP),
    ("Btry M, 1st New York (Winegar)", (28.0, 9.0), 6, ORD),
    ("Btry K, 5th U.S. (Kinzie)", (28.0, 10.0), 4, NAP),
    ("1st New York Battery (Cothran)", (28.0, 11.0), 6, ORD)], "NW", quality="A")
u.brigade("BY", "2nd Division, III Corps (Berry)", 0)
u.unit(0, "BY", "Leader", "Maj. Gen. Hiram G. Berry", (31.0, 8.0), "NW", quality="A",
       arrives=3)
brigade(u, 0, "CR", "1st Brigade, 2nd Division (Carr)",
        [("1st & 11th Massachusetts", 650, "B"), ("16th Massachusetts", 400, "B"),
         ("11th New Jersey & 26th Pennsylvania", 700, "B")], (32.0, 7.0), (33.0, 9.0), "NW",
        formation="Column", arrives=3)
brigade(u, 0, "RV", "2nd Brigade, 2nd Division (Revere: the Excelsior Brigade)",
        [("70th & 71st New York", 600, "B"), ("72nd & 73rd New York", 600, "B"),
         ("74th & 120th New York", 550, "B")], (32.0, 10.0), (33.0, 11.5), "NW",
        formation="Column", arrives=4)
brigade(u, 0, "MO", "3rd Brigade, 2nd Division (Mott)",
        [("5th & 6th New Jersey", 550, "B"), ("7th & 8th New Jersey", 650, "B"),
         ("2nd New York & 115th Pennsylvania", 550, "B")], (31.0, 5.0), (33.0, 5.5), "NW",
        formation="Column", arrives=4)

# -- The Confederates: Jackson's corps in three lines astride the turnpike ------------------
c = Army(s, 201)
c.brigade("JK", "Second Corps headquarters (Jackson)", 1)
c.unit(1, "JK", "Leader", "Lt. Gen. Thomas J. Jackson", (3.0, 8.0), "SE", quality="A")
c.brigade("RO", "Rodes's division headquarters", 1)
c.unit(1, "RO", "Leader", "Brig. Gen. Robert E. Rodes", (4.0, 8.5), "SE", quality="A")
brigade(c, 1, "IV", "Iverson's brigade (North Carolina)",
        [("5th & 12th North Carolina", 550, "B"), ("20th North Carolina", 400, "B"),
         ("23rd North Carolina", 350, "B")], (5.0, 3.0), (5.0, 5.5), "SE",
        leader="Brig. Gen. Alfred Iverson", lq="C")
brigade(c, 1, "ON", "Rodes's brigade (Alabama, O'Neal)",
        [("3rd & 5th Alabama", 600, "B"), ("6th Alabama", 450, "B"),
         ("12th & 26th Alabama", 600, "B")], (5.0, 6.0), (5.0, 8.5), "SE",
        leader="Col. Edward A. O'Neal", lq="C")
brigade(c, 1, "DO", "Doles's brigade (Georgia)",
        [("4th & 44th Georgia", 700, "A"), ("12th Georgia", 350, "A"), ("21st Georgia", 300, "A")],
        (5.0, 9.5), (5.0, 12.0), "SE", leader="Brig. Gen. George Doles", lq="A")
brigade(c, 1, "CQ", "Colquitt's brigade (Georgia)",
        [("6th & 19th Georgia", 700, "C"), ("23rd Georgia", 350, "C"),
         ("27th & 28th Georgia", 700, "C")], (5.0, 12.5), (5.5, 15.0), "SE",
        leader="Brig. Gen. Alfred H. Colquitt", lq="C")
brigade(c, 1, "RA", "Ramseur's brigade (North Carolina)",
        [("2nd & 4th North Carolina", 700, "A"), ("14th & 30th North Carolina", 700, "A")],
        (3.5, 12.0), (3.5, 14.0), "SE", leader="Brig. Gen. Stephen D. Ramseur", lq="A",
        formation="Column")
c.brigade("CO", "Trimble's division headquarters (Colston)", 1)
c.unit(1, "CO", "Leader", "Brig. Gen. Raleigh E. Colston", (2.0, 7.0), "SE", quality="C")
brigade(c, 1, "PX", "Paxton's brigade (the Stonewall Brigade)",
        [("2nd, 4th & 5th Virginia", 450, "A"), ("27th & 33rd Virginia", 400, "A")],
        (2.5, 10.5), (2.5, 12.0), "SE", leader="Brig. Gen. E. Franklin Paxton", lq="A",
        formation="Column")
brigade(c, 1, "JO", "Jones's brigade (Virginia)",
        [("21st, 42nd & 44th Virginia", 650, "B"), ("48th & 50th Virginia", 550, "B")],
        (2.5, 3.5), (2.5, 5.0), "SE", formation="Column")
brigade(c, 1, "WR", "Colston's brigade (Warren)",
        [("10th & 23rd Virginia", 550, "B"), ("37th Virginia", 350, "B"),
         ("1st & 3rd North Carolina", 750, "B")], (2.5, 5.5), (2.0, 9.5), "SE",
        formation="Column")
brigade(c, 1, "NI", "Nicholls's brigade (Louisiana)",
        [("1st, 2nd & 10th Louisiana", 600, "B"), ("14th & 15th Louisiana", 500, "B")],
        (1.5, 12.0), (1.5, 14.0), "SE", leader="Brig. Gen. Francis T. Nicholls", lq="B",
        formation="Column")
c.brigade("HL", "A. P. Hill's Light Division headquarters", 1)
c.unit(1, "HL", "Leader", "Maj. Gen. Ambrose P. Hill", (0.0, 8.0), "SE", quality="A", arrives=3)
brigade(c, 1, "HE", "Heth's brigade (Virginia)",
        [("40th & 47th Virginia", 600, "B"), ("55th Virginia & 22nd Battalion", 550, "B")],
        (0.0, 7.0), (0.0, 9.0), "SE", leader="Brig. Gen. Henry Heth", lq="B",
        formation="Column", arrives=3)
brigade(c, 1, "LA", "Lane's brigade (North Carolina)",
        [("7th & 18th North Carolina", 750, "B"), ("28th North Carolina", 400, "B"),
         ("33rd & 37th North Carolina", 750, "B")], (0.0, 10.0), (0.0, 13.0), "SE",
        leader="Brig. Gen. James H. Lane", lq="B", formation="Column", arrives=4)
brigade(c, 1, "PE", "Pender's brigade (North Carolina)",
        [("13th & 16th North Carolina", 750, "B"), ("22nd North Carolina", 400, "B"),
         ("34th & 38th North Carolina", 700, "B")], (0.0, 4.0), (0.0, 6.5), "SE",
        leader="Brig. Gen. W. Dorsey Pender", lq="A", formation="Column", arrives=4)
brigade(c, 1, "MG", "McGowan's brigade (South Carolina)",
        [("1st & 12th South Carolina", 700, "B"), ("13th & 14th South Carolina", 750, "B"),
         ("1st South Carolina Rifles", 350, "B")], (0.0, 14.0), (0.0, 16.5), "SE",
        formation="Column", arrives=5)
brigade(c, 1, "TH", "Thomas's brigade (Georgia)",
        [("14th & 35th Georgia", 650, "B"), ("45th & 49th Georgia", 650, "B")],
        (0.0, 1.0), (0.0, 3.0), "SE", formation="Column", arrives=5)
c.brigade("ST", "Stuart's cavalry with the column", 1)
c.unit(1, "ST", "Cavalry", "2nd Virginia Cavalry (Munford)", (6.0, 1.0), "SE", men=350,
       quality="A", weapon="carbine", formation="Mounted")
c.unit(1, "ST", "Artillery", "Stuart Horse Artillery (Breathed)", (4.0, 8.0), "SE", men=60,
       guns=2, quality="A", weapon=NAP, formation="Limbered")
batteries(c, 1, "CA", "Carter's and Crutchfield's artillery", [
    ("Jeff Davis Artillery (Reese)", (1.5, 8.5), 4, NAP),
    ("King William Artillery (Carter)", (1.0, 7.5), 4, PARROTT)], "SE", arrives=2)

# -- The chain of command (RULES.md section 17) ----------------------------------------------
u.corps_of("XI", "XI Corps (Howard)", 0)
u.corps_of("III", "III Corps (Sickles)", 0)
u.corps_of("XII", "XII Corps (Slocum)", 0)
u.division("D1", "1st Division, XI Corps (Devens)", 0, ["DV", "VG", "ML"], corps="XI")
u.attach("XI", ["HW"])
u.division("D3", "3rd Division, XI Corps (Schurz)", 0, ["SZ", "SF", "KR"], corps="XI")
u.division("D2", "2nd Division, XI Corps (Steinwehr)", 0, ["BU"], corps="XI",
           independent=["BU"])
u.division("CV", "Cavalry Division (Pleasonton)", 0, ["PL"])
u.division("B2", "2nd Division, III Corps (Berry)", 0, ["BY", "CR", "RV", "MO"], corps="III")
u.division("XA", "XII Corps artillery", 0, ["BE"], corps="XII", independent=["BE"])
for name, post in [("Maj. Gen. Oliver O. Howard", "XI"), ("Brig. Gen. Charles Devens", "D1"),
                   ("Col. Leopold von Gilsa", "VG"), ("Brig. Gen. Nathaniel C. McLean", "ML"),
                   ("Maj. Gen. Carl Schurz", "D3"),
                   ("Brig. Gen. Alexander Schimmelfennig", "SF"),
                   ("Col. Wladimir Krzyzanowski", "KR"), ("Col. Adolphus Buschbeck", "BU"),
                   ("Brig. Gen. Alfred Pleasonton", "CV"), ("Maj. Gen. Hiram G. Berry", "B2")]:
    u.commands(name, post)
c.corps_of("SC", "Second Corps (Jackson)", 1)
c.division("RD", "Rodes's division", 1, ["RO", "IV", "ON", "DO", "CQ", "RA", "ST"],
           corps="SC", independent=["ST"])
c.attach("SC", ["JK"])
c.division("TD", "Trimble's division (Colston)", 1, ["CO", "PX", "JO", "WR", "NI"], corps="SC")
c.division("LD", "A. P. Hill's Light Division", 1, ["HL", "HE", "LA", "PE", "MG", "TH", "CA"],
           corps="SC", independent=["CA"])
for name, post in [("Lt. Gen. Thomas J. Jackson", "SC"), ("Brig. Gen. Robert E. Rodes", "RD"),
                   ("Brig. Gen. Alfred Iverson", "IV"), ("Col. Edward A. O'Neal", "ON"),
                   ("Brig. Gen. George Doles", "DO"), ("Brig. Gen. Alfred H. Colquitt", "CQ"),
                   ("Brig. Gen. Stephen D. Ramseur", "RA"),
                   ("Brig. Gen. Raleigh E. Colston", "TD"),
                   ("Brig. Gen. E. Franklin Paxton", "PX"),
                   ("Brig. Gen. Francis T. Nicholls", "NI"), ("Maj. Gen. Ambrose P. Hill", "LD"),
                   ("Brig. Gen. Henry Heth", "HE"), ("Brig. Gen. James H. Lane", "LA"),
                   ("Brig. Gen. W. Dorsey Pender", "PE")]:
    c.commands(name, post)

scenario(
    "maps/jacksons_flank_attack.ron",
    "// Jackson's flank attack, Chancellorsville, 2 May 1863. Written by\n"
    "// maps/sources/jacksons_flank_attack.py (edit that, or open this file in `bayonet edit`).\n"
    "// 125 yards a hex, 10 ft a step, 20 minutes a turn.",
    "Jackson's flank attack, Chancellorsville, 2 May 1863",
    "The boldest march of the war. Lee has split his outnumbered army twice: while he holds "
    "Hooker in front of Chancellorsville with two divisions, Jackson has marched 28,000 men "
    "twelve miles round the Union's right through the Wilderness, and at 17:15 they stand in "
    "three lines astride the Orange turnpike, a mile wide, west of the Talley farm. Howard's "
    "XI Corps faces south, its rifles stacked and its suppers cooking; only two of von Gilsa's "
    "regiments and two guns face west. The deer break out of the woods first. Then Rodes's "
    "division rolls up Devens's and Schurz's along the road; Buschbeck's brigade and Dilger's "
    "guns make a stand at Dowdall's Tavern; at dusk Berry's division of the III Corps comes "
    "up the road from Chancellorsville, and Pleasonton and Best mass their guns at Hazel Grove "
    "and on the Fairview plateau. The Confederates must drive on to Chancellorsville before "
    "the dark and their own confusion stop them; the Union must save its army's centre. That "
    "night Jackson, riding ahead of his lines, was shot by his own men. Sources: order of "
    "battle and strengths after the Official Records, series I vol. 25 pt. 1 (the reports of "
    "Howard, Devens, Schurz, Buschbeck, Berry and Pleasonton; Jackson's, Rodes's, Colston's "
    "and A. P. Hill's), with S. W. Sears, Chancellorsville (1996), and J. Bigelow, The "
    "Campaign of Chancellorsville (1910); map after Bigelow's maps and the Official Records "
    "Atlas plate 39 (Hotchkiss's map of the field). Approximations: strengths are estimates, "
    "regiments paired into counters; Barlow's brigade, away with Sickles, Archer's and "
    "McGowan's late arrival, Williams's division's return to Fairview and the night fighting "
    "are left out; the Wilderness's tangles are forest; Hazel Grove "
    "stands nearer the road than it did. The levels: "
    + LEVELS,
    s,
    ['(name: "Union", color: (0.16, 0.28, 0.62), edge: East)',
     '(name: "Confederate", color: (0.55, 0.55, 0.58), edge: West)'],
    1, 9, "17:20",
    VICTORY,
    1863502,
    "(clock: (dawn: 330, dusk: 1170))",
    [u, c],
    date="1863-05-02",
    action="Attack(1)",
    intent=[
        # Jackson's orders: Rodes's division down the turnpike at Dowdall's Tavern, Colston's
        # behind it at the Wilderness Church, Hill's to follow on towards Chancellorsville.
        '(side: 1, formation: "RD", mission: Attack, objective: "Dowdall\'s Tavern")',
        '(side: 1, formation: "TD", mission: Attack, objective: "The Wilderness Church")',
        '(side: 1, formation: "LD", mission: Attack, objective: "Chancellorsville")',
    ],
)
