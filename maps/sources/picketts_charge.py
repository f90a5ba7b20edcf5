"""Pickett's Charge, Gettysburg, 3 July 1863: writes maps/picketts_charge.ron (run from the
repository root: `python3 maps/sources/picketts_charge.py`). Author coordinates are
(column, row); 125 yards a hex; north is up; 26 x 30 hexes (about 1.8 x 2.1 miles), from
Seminary Ridge in the west to the Taneytown road in the east, from the foot of Cemetery Hill in
the north to the Trostle farm in the south."""

import sys

sys.path.insert(0, "maps/sources")
from mapmaker import Army, Sketch, scenario  # noqa: E402

s = Sketch(26, 30, seed=1863703)

# -- The ground ------------------------------------------------------------------------------
# Two low ridges 1,300 yards apart: Seminary Ridge (about 560 ft), wooded, where the
# Confederates formed; Cemetery Ridge (about 570 ft at the Angle, lower to the south), open,
# with a stone wall along its western face. Between them a shallow swale, and the Emmitsburg
# road on a slight rise running north-east to the town. Cemetery Hill stands 40 ft higher in
# the north-east.
s.slope(west=1.0, east=1.5, north=1.5, south=0.5)
s.ridge([(3, -1), (3.2, 10), (3.6, 20), (4, 31)], 2.0, 2.5)  # Seminary Ridge
# Cemetery Ridge. South of the copse its crest bends east to the low rise where Rorty's and
# Cowan's guns and McGilvery's line (Dow, Phillips, Hart, Thompson) stood, and its open
# western face falls evenly to the Emmitsburg road, so those guns swept the fields the charge
# crossed and took Kemper's brigade in flank as it obliqued north (McGilvery's report, OR
# 27/1; Warren-Bachelder survey). It was a round 2.2-hex swell with its crest a hex west of
# the guns, which hid the valley from them. A narrow flat top (0.3 hex either side); the
# reverse slope behind stays hidden.
s.ridge([(16, 3), (16.5, 8), (16.8, 10), (17.5, 13), (17.8, 18), (18, 25)], 2.0, 3.0,
        profile="even", crest=0.3)
s.valley([(9, 0), (9.5, 10), (10, 20), (10.5, 30)], 0.8, 3.0)  # the swale
# The Emmitsburg road's rise, a slight crown: 8 ft, not 12, so that in 10-ft steps it does
# not stand a full step above the fields on both sides and hide men a field apart across the
# road from each other (the Vermonters' fire on Kemper's men at the road).
s.ridge([(7, 30), (10, 18), (13, 10), (16, 2)], 0.4, 1.0)
s.hill((22, 1), 2.5, 3.5)  # Cemetery Hill
s.hill((22, 30), 3.0, 3.0)  # the shoulder of Little Round Top, at the map's foot

s.patchwork(field_share=0.75, wood_share=0.02, cell=5.0)
s.along("F", [(2.5, -1), (2.8, 10), (3.2, 20), (3.5, 31)], 1.0)  # the woods of Seminary Ridge
s.blob("F", (3.5, 14), 1.8, 2.0)  # Spangler's woods
s.blob("F", (16.8, 4.5), 0.9, 0.9)  # Ziegler's Grove
s.blob("F", (17.4, 10.2), 0.6, 0.6)  # the copse of trees
s.blob(".", (9, 6), 1.0, 1.0)  # the Bliss farm, its barn burned that morning
s.blob("o", (9.6, 5.4), 0.6, 0.6)
s.blob(".", (12.5, 12.5), 0.8, 0.8)  # the Codori farm on the Emmitsburg road
s.blob("o", (13, 13.2), 0.5, 0.5)
s.blob(".", (10.5, 17), 0.7, 0.7)  # the Rogers house
s.blob(".", (8.5, 21.5), 0.8, 0.8)  # the Klingle farm
s.blob("o", (9, 22.5), 0.7, 0.6)
s.blob("T", (24, 0), 1.2, 0.8)  # the Evergreen Cemetery's gate and the town's edge
s.blob(".", (23, 8), 1.0, 1.0)  # the Leister house, Meade's headquarters
s.blob(".", (19.5, 24), 1.0, 1.0)  # the Weikert and Trostle farms

# The Emmitsburg road, with its post-and-rail fences on both sides (the charge had to climb
# them under canister); the Taneytown road behind Cemetery Ridge; the lane to the Codori farm.
s.road("Road", [(6.5, 31), (8.5, 22), (10.5, 17), (12.5, 12.5), (14, 9), (16, 5), (19, 2),
                (22.5, 0.5), (24, -1)])
s.road("Road", [(23, -1), (23.5, 8), (24, 20), (25, 31)])  # Taneytown road
s.road("Trail", [(2.5, 15), (7, 16), (10.5, 17)])  # the lane from Spangler's across the fields
s.road("Trail", [(3, 6), (9, 6), (12, 6.5)])  # the Bliss farm lane
s.road("Trail", [(17, 12), (20, 11), (23.5, 9)])  # the track behind the copse
s.line("Fence", [(6.8, 29), (8.8, 21.8), (10.8, 17.2), (12.8, 12.8), (14.3, 9.2), (16.3, 5.2)])
s.line("Fence", [(6.2, 29), (8.2, 21.6), (10.2, 17), (12.2, 12.3), (13.7, 8.8), (15.7, 4.8)])
# The stone wall of Cemetery Ridge, with the Angle where it turns east for 80 yards.
s.line("StoneWall", [(16.3, 2.5), (16.3, 6.5), (16.5, 8.3)])
s.line("StoneWall", [(16.5, 8.3), (17.5, 8.4)])
s.line("StoneWall", [(16.6, 8.8), (16.7, 11), (16.8, 14)])
# Hancock's men threw up rails and earth along the rest of the line.
s.line("Breastworks", [(16.9, 14.5), (17, 19)])

# At 15:00 the Union holds Cemetery Ridge; the Confederates hold Seminary Ridge.
s.objective("The copse of trees", (17, 10), 300, owner=0)
s.objective("The Angle", (16, 8), 150, owner=0)
s.objective("Ziegler's Grove", (16, 4), 100, owner=0)
s.objective("Cemetery Ridge south", (17, 17), 100, owner=0)
s.objective("The Emmitsburg road at Codori's", (12, 12), 50)
s.objective("Seminary Ridge", (3, 8), 100, owner=1)
s.objective("Spangler's woods", (3, 14), 100, owner=1)
s.label("Cemetery Ridge", "Hill", [(17.5, 13), (17.6, 15), (17.7, 17)], rank=1)
s.label("Seminary Ridge", "Hill", [(2.3, 4), (2.4, 6), (2.5, 8)], rank=1)
s.label("The Angle", "Farm", [(16, 7.5)], rank=1)
s.label("The copse of trees", "Woods", [(18, 10.5)], rank=2)
s.label("Ziegler's Grove", "Woods", [(17.5, 4)], rank=2)
s.label("Emmitsburg Road", "Road", [(11.5, 14.5), (12.2, 13)], rank=2)
s.label("Taneytown Road", "Road", [(23.8, 14), (24, 16)], rank=3)
s.label("Codori's", "Farm", [(12.5, 13.5)], rank=3)
s.label("Bliss's", "Farm", [(9, 7)], rank=3)
s.label("Klingle's", "Farm", [(8.5, 22.5)], rank=3)
s.label("Spangler's Woods", "Woods", [(3.5, 15.5)], rank=2)
s.label("Cemetery Hill", "Hill", [(22, 2)], rank=2)
s.label("Meade's headquarters", "Farm", [(23, 8.8)], rank=3)
s.supply_source((25, 10))
s.supply_source((0, 12))

RIFLE, MUSKET = "rifled musket", "smoothbore musket"
NAP, PARROTT, ORD = "12-pdr Napoleon", "10-pdr Parrott", "3-inch rifle"

# The victory levels, measured (README, Balance: `.ci/battle-figures`), and what they mean.
VICTORY = "(major_defeat: 175, minor_defeat: 475, minor_victory: 980, major_victory: 1235)"
LEVELS = (
    "the Confederates start 450 points down, the copse, the Angle, Ziegler's Grove and the "
    "ridge to the south being the Union's; from +980 they win a minor victory (a lodgement on "
    "the ridge at the copse, the guns there taken), from +1,235 a major one (the copse and the "
    "Angle held at dusk); at +475 or below it is a minor defeat (the charge broken at the "
    "wall), at +175 or below a major one (broken with ruinous losses, as it was). They were "
    "measured with the skilled computer on both sides, given history's orders (40 seeds, median "
    "+785): it makes the charge, and the guns it overruns at the wall count for it, so the "
    "Confederates need more than a lodgement to win."
)

# -- The Union: Gibbon's and Hays's divisions of the II Corps, Stannard's Vermonters, and
#    the guns of Cemetery Ridge, Cemetery Hill and Little Round Top ---------------------------
u = Army(s, 1)
u.brigade("HQ", "II Corps headquarters (Hancock)", 0)
u.unit(0, "HQ", "Leader", "Maj. Gen. Winfield S. Hancock", (19.0, 12.0), "SW", quality="A")
u.brigade("GI", "2nd Division, II Corps (Gibbon)", 0)
u.unit(0, "GI", "Leader", "Brig. Gen. John Gibbon", (18.5, 11.0), "SW", quality="B")
u.brigade("HY", "3rd Division, II Corps (Hays)", 0)
u.unit(0, "HY", "Leader", "Brig. Gen. Alexander Hays", (18.0, 6.0), "SW", quality="A")

u.brigade("HA", "1st Brigade, 2nd Division (Harrow)", 0)
u.unit(0, "HA", "Leader", "Brig. Gen. William Harrow", (18.0, 14.0), "SW", quality="C")
u.line(0, "HA", "Infantry", [("19th Maine", 300, "B"), ("15th Massachusetts", 150, "B"),
                             ("1st Minnesota", 150, "A"), ("82nd New York", 200, "C")],
       (17.5, 12.5), (17.5, 15.0), "SW", weapon=RIFLE, formation="Line")
u.brigade("WE", "2nd Brigade, 2nd Division (Webb: the Philadelphia Brigade)", 0)
u.unit(0, "WE", "Leader", "Brig. Gen. Alexander S. Webb", (17.5, 9.0), "SW", quality="B")
u.line(0, "WE", "Infantry", [("71st Pennsylvania", 261, "C"), ("69th Pennsylvania", 284, "B"),
                             ("72nd Pennsylvania", 380, "C"), ("106th Pennsylvania", 250, "C")],
       (16.0, 8.0), (18.5, 10.0), "SW", weapon=RIFLE, formation="Line")
u.brigade("HL", "3rd Brigade, 2nd Division (Hall)", 0)
u.unit(0, "HL", "Leader", "Col. Norman J. Hall", (18.0, 11.5), "SW", quality="B")
u.line(0, "HL", "Infantry", [("59th New York", 150, "C"), ("7th Michigan", 165, "B"),
                             ("20th Massachusetts", 230, "A"), ("42nd New York", 200, "B"),
                             ("19th Massachusetts", 160, "B")],
       (17.0, 10.5), (18.5, 12.5), "SW", weapon=RIFLE, formation="Line")

u.brigade("CR", "1st Brigade, 3rd Division (Carroll): the 8th Ohio", 0)
u.unit(0, "CR", "Infantry", "8th Ohio", (12.5, 4.0), "SW", men=160, quality="A", weapon=RIFLE,
       formation="Line")
u.brigade("SM", "2nd Brigade, 3rd Division (Smyth)", 0)
u.unit(0, "SM", "Leader", "Col. Thomas A. Smyth", (17.5, 6.0), "SW", quality="B")
u.line(0, "SM", "Infantry", [("108th New York", 200, "C"), ("12th New Jersey", 444, "B"),
                             ("1st Delaware", 250, "B"), ("14th Connecticut", 160, "B")],
       (16.5, 4.0), (16.5, 7.5), "SW", weapon=RIFLE, formation="Line")
u.unit(0, "SM", "Infantry", "10th New York Battalion", (15.0, 6.0), "SW", men=80, quality="B",
       weapon=RIFLE, formation="Line")
u.brigade("WI", "3rd Brigade, 3rd Division (Sherrill)", 0)
u.unit(0, "WI", "Leader", "Col. Eliakim Sherrill", (18.5, 4.0), "SW", quality="C")
u.line(0, "WI", "Infantry", [("39th New York", 270, "C"), ("111th New York", 250, "C"),
                             ("125th New York", 250, "C"), ("126th New York", 300, "C")],
       (17.5, 2.5), (18.5, 5.5), "SW", weapon=RIFLE, formation="Column")

u.brigade("DO", "3rd Division, I Corps (Doubleday)", 0)
u.unit(0, "DO", "Leader", "Maj. Gen. Abner Doubleday", (20.0, 17.0), "SW", quality="C")
u.brigade("ST", "3rd Brigade, 3rd Division, I Corps (Stannard: the Vermonters)", 0)
u.unit(0, "ST", "Leader", "Brig. Gen. George J. Stannard", (17.5, 17.0), "SW", quality="B")
u.line(0, "ST", "Infantry", [("13th Vermont", 636, "C"), ("14th Vermont", 647, "C"),
                             ("16th Vermont", 661, "C")],
       (16.5, 15.5), (16.8, 18.5), "SW", weapon=RIFLE, formation="Line")
u.brigade("BI", "1st Brigade, 3rd Division, I Corps (Biddle)", 0)
u.line(0, "BI", "Infantry", [("80th New York", 170, "C"), ("151st Pennsylvania", 150, "C")],
       (18.5, 16.0), (18.5, 18.0), "SW", weapon=RIFLE, formation="Column")
u.brigade("BX", "2nd Brigade, 2nd Division, I Corps (Baxter)", 0)
u.unit(0, "BX", "Leader", "Brig. Gen. Henry Baxter", (24.0, 1.0), "SW", quality="B", arrives=3)
u.line(0, "BX", "Infantry", [("12th Massachusetts", 120, "B"), ("97th New York", 100, "B"),
                             ("11th Pennsylvania", 110, "B"), ("88th Pennsylvania", 100, "B")],
       (23.0, 0.0), (25.0, 2.0), "SW", weapon=RIFLE, formation="Column", arrives=3)

# Brown's and Cowan's batteries stood on the crest by the copse (OR 27/1, Hazard; Cowan's
# report), Woodruff's at the front of Ziegler's Grove; asked for at their old points the placer
# set them a hex or two behind the crest, blind (issue 74).
u.brigade("AH", "II Corps Artillery Brigade (Hazard)", 0)
for name, at, guns, men, weapon in [
        ("Btry I, 1st U.S. (Woodruff)", (16.5, 6.0), 6, 110, NAP),
        ("Btry A, 1st R.I. (Arnold)", (16.5, 7.0), 6, 110, ORD),
        ("Btry A, 4th U.S. (Cushing)", (17.0, 8.5), 4, 80, ORD),
        ("Btry B, 1st R.I. (Brown)", (17.0, 11.0), 4, 90, NAP),
        ("Btry B, 1st N.Y. (Rorty)", (17.5, 12.0), 4, 100, PARROTT)]:
    u.unit(0, "AH", "Artillery", name, at, "SW", men=men, guns=guns, quality="A", weapon=weapon,
           formation="Unlimbered")
u.brigade("MG", "Artillery Reserve (McGilvery) and the batteries on the left", 0)
for name, at, guns, men, weapon in [
        ("1st N.Y. Independent Battery (Cowan)", (18.0, 14.0), 6, 110, ORD),
        ("5th Massachusetts Battery (Phillips)", (17.5, 20.0), 6, 110, ORD),
        ("15th New York Battery (Hart)", (17.5, 21.0), 4, 70, NAP),
        ("Btrys C & F, Pennsylvania (Thompson)", (17.5, 22.0), 4, 80, ORD),
        ("6th Maine Battery (Dow)", (17.5, 19.0), 4, 90, NAP)]:
    u.unit(0, "MG", "Artillery", name, at, "SW", men=men, guns=guns, quality="B", weapon=weapon,
           formation="Unlimbered")
u.brigade("OS", "XI Corps Artillery Brigade on Cemetery Hill (Osborn)", 0)
u.unit(0, "OS", "Artillery", "Btry I, 1st N.Y. (Wiedrich)", (21.0, 1.0), "SW", men=110, guns=6,
       quality="B", weapon=ORD, formation="Unlimbered")
u.unit(0, "OS", "Artillery", "Btry H, 1st Ohio (Huntington)", (22.0, 2.0), "SW", men=110,
       guns=6, quality="B", weapon=ORD, formation="Unlimbered")
u.brigade("AR", "V Corps Artillery Brigade: Btry D, 5th U.S. (Hazlett)", 0)
u.unit(0, "AR", "Artillery", "Btry D, 5th U.S. (Hazlett)", (21.0, 29.0), "NW", men=60, guns=6,
       quality="B", weapon=PARROTT, formation="Unlimbered")

# -- The Confederates: Pickett's, Pettigrew's and Trimble's divisions, Wilcox and Lang, and
#    the guns that fired the cannonade ------------------------------------------------------
c = Army(s, 201)
c.brigade("LO", "First Corps headquarters (Longstreet)", 1)
c.unit(1, "LO", "Leader", "Lt. Gen. James Longstreet", (4.0, 16.0), "NE", quality="A")
c.brigade("PK", "Pickett's division headquarters", 1)
c.unit(1, "PK", "Leader", "Maj. Gen. George E. Pickett", (7.0, 17.0), "NE", quality="B")
c.brigade("GA", "Garnett's brigade, Pickett's division", 1)
c.unit(1, "GA", "Leader", "Brig. Gen. Richard B. Garnett", (7.0, 15.5), "NE", quality="B")
c.line(1, "GA", "Infantry", [("8th Virginia", 193, "B"), ("18th Virginia", 312, "B"),
                             ("19th Virginia", 328, "B"), ("28th Virginia", 333, "B"),
                             ("56th Virginia", 289, "B")],
       (6.5, 13.5), (6.5, 17.5), "NE", weapon=RIFLE, formation="Line")
c.brigade("KE", "Kemper's brigade, Pickett's division", 1)
c.unit(1, "KE", "Leader", "Brig. Gen. James L. Kemper", (7.0, 19.5), "NE", quality="B")
c.line(1, "KE", "Infantry", [("3rd Virginia", 332, "B"), ("7th Virginia", 335, "B"),
                             ("1st Virginia", 209, "B"), ("11th Virginia", 359, "B"),
                             ("24th Virginia", 395, "B")],
       (6.5, 18.0), (7.0, 22.0), "NE", weapon=RIFLE, formation="Line")
c.brigade("AM", "Armistead's brigade, Pickett's division", 1)
c.unit(1, "AM", "Leader", "Brig. Gen. Lewis A. Armistead", (4.5, 16.5), "NE", quality="A")
c.line(1, "AM", "Infantry", [("38th Virginia", 356, "B"), ("57th Virginia", 479, "B"),
                             ("53rd Virginia", 435, "B"), ("9th Virginia", 257, "B"),
                             ("14th Virginia", 422, "B")],
       (5.0, 14.0), (5.0, 19.0), "NE", weapon=RIFLE, formation="Line")

c.brigade("PH", "Heth's division headquarters (Pettigrew)", 1)
c.unit(1, "PH", "Leader", "Brig. Gen. J. Johnston Pettigrew", (4.0, 8.0), "NE", quality="B")
c.brigade("AC", "Archer's brigade (Fry)", 1)
c.unit(1, "AC", "Leader", "Col. Birkett D. Fry", (4.5, 11.0), "NE", quality="B")
c.line(1, "AC", "Infantry", [("5th Alabama Battalion", 85, "C"), ("13th Alabama", 170, "C"),
                             ("1st Tennessee (Provisional)", 170, "C"),
                             ("7th Tennessee", 140, "C"), ("14th Tennessee", 130, "C")],
       (4.0, 10.0), (4.0, 12.5), "NE", weapon=RIFLE, formation="Line")
c.brigade("PE", "Pettigrew's brigade (Marshall)", 1)
c.unit(1, "PE", "Leader", "Col. James K. Marshall", (4.5, 8.5), "NE", quality="B")
c.line(1, "PE", "Infantry", [("11th North Carolina", 300, "B"), ("26th North Carolina", 215, "B"),
                             ("47th North Carolina", 350, "C"), ("52nd North Carolina", 300, "C")],
       (4.0, 6.5), (4.0, 9.5), "NE", weapon=RIFLE, formation="Line")
c.brigade("DV", "Davis's brigade", 1)
c.unit(1, "DV", "Leader", "Brig. Gen. Joseph R. Davis", (4.5, 5.0), "NE", quality="C")
c.line(1, "DV", "Infantry", [("2nd Mississippi", 250, "C"), ("42nd Mississippi", 350, "C"),
                             ("55th North Carolina", 250, "C"), ("11th Mississippi", 592, "B")],
       (4.0, 3.5), (4.0, 6.0), "NE", weapon=RIFLE, formation="Line")
c.brigade("BR", "Brockenbrough's brigade (Mayo)", 1)
c.unit(1, "BR", "Leader", "Col. Robert M. Mayo", (4.0, 2.0), "NE", quality="D")
c.line(1, "BR", "Infantry", [("40th Virginia", 150, "D"), ("47th Virginia", 120, "D"),
                             ("55th Virginia", 150, "D"), ("22nd Virginia Battalion", 100, "D")],
       (3.5, 1.0), (4.0, 3.0), "NE", weapon=MUSKET, formation="Line")

c.brigade("TR", "Trimble's command (Pender's division)", 1)
c.unit(1, "TR", "Leader", "Maj. Gen. Isaac R. Trimble", (2.0, 9.0), "NE", quality="B")
c.brigade("LA", "Lane's brigade, Pender's division", 1)
c.unit(1, "LA", "Leader", "Brig. Gen. James H. Lane", (2.0, 11.0), "NE", quality="B")
c.line(1, "LA", "Infantry", [("7th North Carolina", 200, "B"), ("37th North Carolina", 250, "B"),
                             ("28th North Carolina", 250, "B"), ("18th North Carolina", 200, "B"),
                             ("33rd North Carolina", 250, "B")],
       (2.0, 10.0), (2.0, 13.0), "NE", weapon=RIFLE, formation="Column")
c.brigade("SC", "Scales's brigade, Pender's division (Lowrance)", 1)
c.unit(1, "SC", "Leader", "Col. William L. J. Lowrance", (2.0, 7.0), "NE", quality="C")
c.line(1, "SC", "Infantry", [("13th North Carolina", 100, "C"), ("16th North Carolina", 200, "C"),
                             ("22nd North Carolina", 180, "C"), ("34th North Carolina", 200, "C"),
                             ("38th North Carolina", 120, "C")],
       (2.0, 6.0), (2.0, 9.0), "NE", weapon=RIFLE, formation="Column")

c.brigade("WL", "Wilcox's brigade, Anderson's division", 1)
c.unit(1, "WL", "Leader", "Brig. Gen. Cadmus M. Wilcox", (6.0, 24.0), "NE", quality="B",
       arrives=4)
c.line(1, "WL", "Infantry", [("8th Alabama", 300, "C"), ("9th Alabama", 200, "C"),
                             ("10th Alabama", 200, "C"), ("11th Alabama", 170, "C"),
                             ("14th Alabama", 150, "C")],
       (5.5, 22.5), (6.5, 26.0), "NE", weapon=RIFLE, formation="Column", arrives=4)
c.brigade("LG", "Perry's brigade, Anderson's division (Lang)", 1)
c.unit(1, "LG", "Leader", "Col. David Lang", (5.0, 24.0), "NE", quality="C", arrives=4)
c.line(1, "LG", "Infantry", [("2nd Florida", 100, "C"), ("5th Florida", 150, "C"),
                             ("8th Florida", 150, "C")],
       (4.5, 23.0), (4.5, 25.0), "NE", weapon=RIFLE, formation="Column", arrives=4)

c.brigade("AL", "First Corps artillery (Alexander)", 1)
for name, at, weapon in [
        ("Washington Artillery, 3rd Co. (Miller)", (8.5, 18.5), NAP),
        ("Taylor's Battery (Va.)", (9.0, 20.0), NAP),
        ("Blount's Battery (Va.)", (8.0, 17.0), NAP),
        ("Manly's Battery (N.C.)", (9.5, 23.0), ORD),
        ("Ward's Battery (Miss.)", (5.5, 12.5), NAP)]:
    c.unit(1, "AL", "Artillery", name, at, "NE", men=80, guns=4, quality="B", weapon=weapon,
           formation="Unlimbered")
c.brigade("PG", "Pegram's artillery battalion", 1)
for name, at, weapon in [
        ("Crenshaw Battery", (5.0, 4.5), NAP), ("Fredericksburg Artillery", (5.0, 6.5), NAP),
        ("Letcher Artillery", (5.0, 8.5), NAP), ("Pee Dee Artillery", (5.0, 10.0), ORD),
        ("Purcell Artillery", (5.0, 11.5), NAP)]:
    c.unit(1, "PG", "Artillery", name, at, "NE", men=70, guns=4, quality="B", weapon=weapon,
           formation="Unlimbered")

# -- The chain of command (RULES.md section 17) ----------------------------------------------
u.corps_of("II", "II Corps (Hancock)", 0)
u.corps_of("I", "I Corps (Newton)", 0)
u.division("D2", "2nd Division, II Corps (Gibbon)", 0, ["GI", "HA", "WE", "HL", "AH"],
           corps="II", independent=["AH"])
u.division("D3", "3rd Division, II Corps (Hays)", 0, ["HY", "CR", "SM", "WI"], corps="II",
           independent=["CR"])
u.division("DD", "3rd Division, I Corps (Doubleday)", 0, ["DO", "ST", "BI"], corps="I")
u.division("DR", "2nd Division, I Corps (Robinson)", 0, ["BX"], corps="I", independent=["BX"])
u.division("RS", "Artillery Reserve", 0, ["MG", "OS", "AR"], independent=["MG", "OS", "AR"])
u.attach("II", ["HQ"])
u.commands("Maj. Gen. Winfield S. Hancock", "II")
u.commands("Brig. Gen. John Gibbon", "D2")
u.commands("Brig. Gen. Alexander Hays", "D3")
u.commands("Maj. Gen. Abner Doubleday", "DD")
u.commands("Brig. Gen. William Harrow", "HA")
u.commands("Brig. Gen. Alexander S. Webb", "WE")
u.commands("Col. Norman J. Hall", "HL")
u.commands("Col. Thomas A. Smyth", "SM")
u.commands("Col. Eliakim Sherrill", "WI")
u.commands("Brig. Gen. George J. Stannard", "ST")
u.commands("Brig. Gen. Henry Baxter", "BX")
c.corps_of("LC", "First Corps (Longstreet)", 1)
c.corps_of("HC", "Third Corps (A. P. Hill)", 1)
c.division("PD", "Pickett's division", 1, ["PK", "GA", "KE", "AM", "AL"], corps="LC",
           independent=["AL"])
c.division("HD", "Heth's division (Pettigrew)", 1, ["PH", "AC", "PE", "DV", "BR", "PG"],
           corps="HC", independent=["PG"])
c.division("TD", "Pender's division (Trimble)", 1, ["TR", "LA", "SC"], corps="HC")
c.division("AD", "Anderson's division", 1, ["WL", "LG"], corps="HC")
c.attach("LC", ["LO"])
c.commands("Lt. Gen. James Longstreet", "LC")
c.commands("Maj. Gen. George E. Pickett", "PD")
c.commands("Brig. Gen. J. Johnston Pettigrew", "HD")
c.commands("Maj. Gen. Isaac R. Trimble", "TD")
c.commands("Brig. Gen. Richard B. Garnett", "GA")
c.commands("Brig. Gen. James L. Kemper", "KE")
c.commands("Brig. Gen. Lewis A. Armistead", "AM")
c.commands("Col. Birkett D. Fry", "AC")
c.commands("Col. James K. Marshall", "PE")
c.commands("Brig. Gen. Joseph R. Davis", "DV")
c.commands("Col. Robert M. Mayo", "BR")
c.commands("Brig. Gen. James H. Lane", "LA")
c.commands("Col. William L. J. Lowrance", "SC")
c.commands("Brig. Gen. Cadmus M. Wilcox", "WL")
c.commands("Col. David Lang", "LG")

scenario(
    "maps/picketts_charge.ron",
    "// Pickett's Charge, Gettysburg, 3 July 1863. Written by maps/sources/picketts_charge.py\n"
    "// (edit that, or open this file in `bayonet edit`). 125 yards a hex, 10 ft a step, 20\n"
    "// minutes a turn.",
    "Pickett's Charge, Gettysburg, 3 July 1863",
    "The third afternoon. For nearly two hours some 150 Confederate guns have fired on the "
    "centre of Cemetery Ridge; at 15:00 they fall silent, and nine brigades step out of the "
    "woods of Seminary Ridge into the open: Pickett's fresh Virginians on the right, Pettigrew's "
    "and Trimble's North Carolinians, Mississippians, Tennesseans and Virginians, many of them "
    "shot to pieces at the Railroad Cut two days before, on the left. Their mark is the copse "
    "of trees behind the stone wall, where it turns at the Angle, 1,300 yards away across "
    "fields cut by the fenced Emmitsburg road. On the ridge Gibbon's and Hays's divisions of "
    "Hancock's II Corps wait behind the wall, Stannard's green Vermonters stand in the fields "
    "to the south, and guns on Cemetery Hill, along McGilvery's line and on Little Round Top "
    "hold their fire for the infantry. Wilcox and Lang follow on the right an hour late; "
    "Baxter's remnant of the I Corps comes from the town side to help. The Confederates must "
    "break the line and hold the copse; the Union must keep the ridge. Sources: order of battle "
    "and strengths after the Official Records, series I vol. 27 pts. 1-2, and J. W. Busey and "
    "D. G. Martin, Regimental Strengths and Losses at Gettysburg (1986); E. Hess, Pickett's "
    "Charge: The Last Attack at Gettysburg (2001); map after the Warren-Bachelder survey "
    "(1868-73) and the Official Records Atlas plate 95. Approximations: the cannonade is over "
    "before the first turn (its losses are in the strengths); trees, fences and fields are "
    "placed as the period maps suggest, not surveyed; the Little Round Top battery stands at "
    "the map's south-east corner, nearer than it was; the rest of Carroll's brigade, Cemetery "
    "Hill's infantry, Rowley's other regiments and the VI Corps' supports are left out; "
    "Alexander's 75 guns are five batteries here and Pegram's battalion five more; Hazlett's "
    "battery keeps his name though Rittenhouse led it after his death on the 2nd. The levels: "
    + LEVELS,
    s,
    ['(name: "Union", color: (0.16, 0.28, 0.62), edge: East)',
     '(name: "Confederate", color: (0.55, 0.55, 0.58), edge: West)'],
    1, 8, "15:00",
    VICTORY,
    1863703,
    "(clock: (dawn: 290, dusk: 1190))",
    [u, c],
    date="1863-07-03",
    action="Attack(1)",
    intent=[
        # Lee's orders: Pickett's division on the copse of trees, Pettigrew and Trimble on its
        # left at the Angle and Ziegler's Grove; Meade's line to hold the ridge.
        '(side: 1, formation: "PD", mission: Attack, objective: "The copse of trees")',
        '(side: 1, formation: "HD", mission: Attack, objective: "The Angle")',
        '(side: 1, formation: "TD", mission: Attack, objective: "The Angle")',
        '(side: 0, mission: Hold)',
    ],
)
