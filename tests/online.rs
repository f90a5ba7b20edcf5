//! The window as a seat at a server's game (headless, the window's own plugins): its orders go
//! to the server and come back as outcomes and state; the other seat's orders appear as they
//! are taken; out of turn and refused orders are told, and the window applies nothing itself.

use std::time::{Duration, Instant};

use bayonet::client::online::seat::{self as online, Online};
use bayonet::remote::Seat;
use bayonet::rules::hex::Facing;
use bayonet::rules::order::Order;
use bayonet::rules::unit::UnitId;
use bayonet::sim::{self, GiveOrder, OrderRejected};
use bevy::ecs::message::MessageCursor;
use bevy::prelude::*;

use super::serve::{server_on, temp_db};

fn facing(app: &App, id: u32) -> Facing {
    app.world()
        .resource::<sim::Table>()
        .board
        .unit(UnitId(id))
        .unwrap()
        .facing
}

/// Frames until `done`, at most a few seconds.
fn until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let t = Instant::now();
    while !done(app) {
        assert!(
            t.elapsed() < Duration::from_secs(10),
            "waited too long for {what}"
        );
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn the_window_plays_a_seat_at_a_server_game() {
    let url = server_on(&temp_db("window"));
    let made = Seat::new(&url, None).create("maps/test_melee.ron").unwrap();
    let invite = |n: usize| made.sides[n].invite.clone();
    let (scenario, joined) = online::connect(&url, &invite(0)).expect("the window joins");
    let mut app = bayonet::client::windowless_app(scenario, bayonet::client::headless);
    online::join(&mut app, joined.0, joined.1, joined.2);
    app.update();
    let bar = app.world().resource::<Online>().bar();
    assert!(
        bar.contains("Online") && bar.contains("your turn (Union)"),
        "{bar}"
    );

    // An order the window gives goes to the server; nothing changes here until it answers.
    assert_eq!(facing(&app, 1), Facing::NE);
    app.world_mut().write_message(GiveOrder(Order::Face {
        unit: UnitId(1),
        facing: Facing::N,
    }));
    app.update();
    // (A fast server may answer within that frame: then the change came with its record.)
    assert!(
        facing(&app, 1) == Facing::NE || app.world().resource::<Online>().seq >= 1,
        "the window applies no order itself"
    );
    until(&mut app, "the answer", |a| {
        a.world().resource::<Online>().seq == 1
    });
    assert_eq!(
        facing(&app, 1),
        Facing::N,
        "the server's state is the window's"
    );
    let other = Seat::new(&url, Some(&invite(1)));
    assert_eq!(other.state().unwrap().seq, 1, "the server took it");

    // A refusal by the rules comes back with its reasons, as a local one would.
    let mut rejected = MessageCursor::<OrderRejected>::default();
    rejected.read(app.world().resource::<Messages<OrderRejected>>());
    app.world_mut().write_message(GiveOrder(Order::Move {
        unit: UnitId(1),
        to: bayonet::rules::order::At(99, 99),
        path: None,
    }));
    until(&mut app, "the refusal", |a| {
        a.world().resource::<Online>().status.starts_with("refused")
    });
    app.update();
    let seen: Vec<_> = rejected
        .read(app.world().resource::<Messages<OrderRejected>>())
        .cloned()
        .collect();
    assert_eq!(seen.len(), 1, "the rules' refusal is shown");

    // End the turn; now it is the other side's, and the window's orders stay here.
    app.world_mut().write_message(GiveOrder(Order::EndTurn));
    until(&mut app, "the turn's end", |a| {
        a.world().resource::<Online>().seq == 2
    });
    let o = app.world().resource::<Online>();
    assert!(
        !o.your_turn && o.bar().contains("waiting for the Confederate"),
        "{}",
        o.bar()
    );
    app.world_mut().write_message(GiveOrder(Order::EndTurn));
    app.update();
    assert!(
        app.world()
            .resource::<Online>()
            .status
            .starts_with("not your turn")
    );
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(other.state().unwrap().seq, 2, "nothing sent out of turn");

    // The other seat's order appears here as it is taken.
    assert_eq!(facing(&app, 2), Facing::SW);
    other
        .order(
            &Order::Face {
                unit: UnitId(2),
                facing: Facing::S,
            },
            Some(2),
        )
        .unwrap();
    until(&mut app, "the other side's order", |a| {
        a.world().resource::<Online>().seq == 3
    });
    assert_eq!(facing(&app, 2), Facing::S);
    // The other seat's fire is shown here as the computer's is (issue 31): a beat of the
    // show, its line drawn on the map.
    other
        .order(
            &Order::Fire {
                unit: UnitId(2),
                at: bayonet::rules::order::At(4, 4),
            },
            Some(3),
        )
        .unwrap();
    until(&mut app, "the other side's fire", |a| {
        a.world().resource::<Online>().seq == 4
    });
    until(&mut app, "its beat shown", |a| {
        a.world()
            .resource::<bayonet::client::replay::playback::ShownLog>()
            .0
            .iter()
            .any(|s| s.kind == bayonet::client::replay::playback::ActionKind::Fire && s.marked)
    });
    other.order(&Order::EndTurn, Some(4)).unwrap();
    until(&mut app, "the turn back", |a| {
        a.world().resource::<Online>().your_turn
    });
}

/// The start dialog's Play online section: type a server's address, make a game of this
/// scenario there; the first side's invite fills the Invite field, the other's is shown.
#[test]
fn the_start_dialog_makes_an_online_game_and_fills_in_the_invite() {
    use bayonet::client::dialogs::online_dialog::{Entry, OnlineButton, OnlineForm};
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput};
    let url = server_on(&temp_db("dialog"));
    let s = bayonet::load_scenario("maps/test_melee.ron").unwrap();
    let mut app = bayonet::client::windowless_app(s, bayonet::client::headless);
    app.world_mut()
        .remove_resource::<bayonet::client::gate::PresetPlayers>();
    app.update();
    app.update();
    let window = app
        .world_mut()
        .query_filtered::<Entity, With<bevy::window::PrimaryWindow>>()
        .single(app.world())
        .unwrap();
    let press = |app: &mut App, which: OnlineButton| press_button(app, which);
    // Type the server's address into its field (Backspace mends a slip).
    press(&mut app, OnlineButton::Entry(Entry::Server));
    app.world_mut().resource_mut::<OnlineForm>().server.clear();
    let typed: Vec<Key> = url
        .chars()
        .map(|c| Key::Character(c.to_string().into()))
        .chain([Key::Character("x".into()), Key::Backspace, Key::Enter])
        .collect();
    let type_keys = |app: &mut App, keys: Vec<Key>| {
        for k in keys {
            app.world_mut().write_message(KeyboardInput {
                key_code: KeyCode::KeyA,
                logical_key: k,
                state: ButtonState::Pressed,
                text: None,
                repeat: false,
                window,
            });
            app.update();
        }
    };
    type_keys(&mut app, typed);
    let form = app.world().resource::<OnlineForm>().clone();
    assert_eq!((form.server.as_str(), form.focus), (url.as_str(), None));
    // A name with a space (the space bar is a key of its own, not a character).
    press(&mut app, OnlineButton::Entry(Entry::Author));
    type_keys(
        &mut app,
        vec![
            Key::Character("C".into()),
            Key::Character("o".into()),
            Key::Character("l".into()),
            Key::Character(".".into()),
            Key::Space,
            Key::Character("O".into()),
            Key::Enter,
        ],
    );
    assert_eq!(app.world().resource::<OnlineForm>().author, "Col. O");
    // The dialog's rules (here, Quality melee modifiers switched on) are the new game's.
    app.world_mut()
        .resource_mut::<bayonet::client::dialogs::start::Draft>()
        .0
        .optional
        .quality_melee_modifiers = true;
    press(&mut app, OnlineButton::NewGame);
    let form = app.world().resource::<OnlineForm>().clone();
    assert!(form.invite.starts_with("bayonet-"), "{}", form.said);
    let theirs = form.said.lines().last().unwrap().trim().to_owned();
    let me = Seat::new(&url, Some(&form.invite)).state().unwrap();
    let them = Seat::new(&url, Some(&theirs)).state().unwrap();
    assert_eq!(
        (me.you_name.as_str(), them.you_name.as_str()),
        ("Union", "Confederate")
    );
    assert_eq!(me.game, them.game);
    assert_eq!(me.scenario, "maps/test_melee.ron");
    let first = Seat::new(&url, Some(&theirs)).events(0, 0).unwrap().records[0]
        .order
        .clone();
    let Some(Order::SetParameters { params }) = first else {
        panic!("the chosen rules are the game's first order: {first:?}");
    };
    assert!(params.optional.quality_melee_modifiers);
}

/// Online, the window neither saves (its dice are not the game's) nor loads over the server's
/// game; it says why.
#[test]
fn an_online_window_leaves_saving_to_the_server() {
    let url = server_on(&temp_db("saving"));
    let made = Seat::new(&url, None).create("maps/test_melee.ron").unwrap();
    let invite = made.sides[0].invite.clone();
    let (scenario, joined) = online::connect(&url, &invite).unwrap();
    let dir = std::env::temp_dir().join(format!("bayonet-online-saves-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut app = bayonet::client::windowless_app(scenario, bayonet::client::headless);
    app.insert_resource(bayonet::client::dialogs::saving::SaveDir(Some(dir.clone())));
    online::join(&mut app, joined.0, joined.1, joined.2);
    app.update();
    app.world_mut()
        .write_message(bayonet::client::dialogs::saving::SaveLoad::Save);
    app.world_mut().write_message(GiveOrder(Order::EndTurn));
    until(&mut app, "the turn's end", |a| {
        a.world().resource::<Online>().seq == 1
    });
    for _ in 0..5 {
        app.update();
    }
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert!(files.is_empty(), "no save written online: {files:?}");
}

/// Issue 31, item 3: a seat that comes back to its game is offered the orders given since its
/// last turn as a replay, built from the states the server rebuilds; going on shows each order
/// (the other side's fire as a beat) and ends on the game as it stands.
#[test]
fn a_returning_seat_is_offered_the_other_sides_turn_as_a_replay() {
    use bayonet::client::replay::playback::{ActionKind, Playback, ShownLog};
    use bayonet::client::replay::watch::{Offer, Replay, Watch, Watching};
    let url = server_on(&temp_db("return"));
    let made = Seat::new(&url, None).create("maps/test_melee.ron").unwrap();
    let invite = |n: usize| made.sides[n].invite.clone();
    let union = Seat::new(&url, Some(&invite(0)));
    let rebels = Seat::new(&url, Some(&invite(1)));
    // The Union's turn, then the Confederates' while the Union player is away.
    union.order(&Order::EndTurn, Some(0)).unwrap();
    rebels
        .order(
            &Order::Fire {
                unit: UnitId(2),
                at: bayonet::rules::order::At(4, 4),
            },
            Some(1),
        )
        .unwrap();
    rebels
        .order(
            &Order::Face {
                unit: UnitId(4),
                facing: Facing::S,
            },
            Some(2),
        )
        .unwrap();
    rebels.order(&Order::EndTurn, Some(3)).unwrap();
    // The Union player comes back.
    let (scenario, joined) = online::connect(&url, &invite(0)).expect("the window joins");
    let mut app = bayonet::client::windowless_app(scenario, bayonet::client::headless);
    online::join(&mut app, joined.0, joined.1, joined.2);
    app.update();
    app.update();
    assert_eq!(
        app.world().resource::<Offer>().0,
        Some(0),
        "the replay is offered"
    );
    let live = sim::save::snapshot(app.world()).hash();
    app.world_mut().write_message(Watch::Offered);
    app.update();
    {
        let w = app.world().resource::<Watching>();
        assert_eq!(
            (w.at, w.timeline.len()),
            (0, 3),
            "the three orders since the Union's turn"
        );
    }
    assert_eq!(facing(&app, 4), Facing::SW, "the state before them");
    for k in 1..=3 {
        app.world_mut().write_message(Replay::On);
        app.update();
        until(&mut app, "the beat shown", |a| {
            !a.world().resource::<Playback>().busy()
        });
        assert_eq!(app.world().resource::<Watching>().at, k);
    }
    assert_eq!(facing(&app, 4), Facing::S);
    assert_eq!(
        sim::save::snapshot(app.world()).hash(),
        live,
        "the replay ends on the game now"
    );
    assert!(
        app.world()
            .resource::<ShownLog>()
            .0
            .iter()
            .any(|s| s.kind == ActionKind::Fire),
        "the other side's fire shown"
    );
    app.world_mut().write_message(Replay::Leave);
    app.update();
    assert!(!app.world().contains_resource::<Watching>());
    assert_eq!(sim::save::snapshot(app.world()).hash(), live);
    assert_eq!(app.world().resource::<Offer>().0, None, "offered once");
}

/// Issue 61, item 5: the start dialog's "From the server" section lists the battles shared on
/// the server (with their author), makes a game of one there (its invite fills the online
/// section), and shares the battle on the table under the player's name — asking for the name
/// first.
#[cfg(feature = "client")]
#[test]
fn the_start_dialog_lists_shared_battles_plays_one_and_shares_its_own() {
    use bayonet::client::dialogs::online_dialog::OnlineForm;
    use bayonet::client::dialogs::shared_dialog::{SharedButton, SharedHere};
    let url = server_on(&temp_db("shared-dialog"));
    let text = std::fs::read_to_string("maps/burnside_bridge.ron").unwrap();
    Seat::new(&url, None)
        .share("Toombs", "bridge.ron", &text)
        .unwrap();
    let s = bayonet::load_scenario("maps/test_melee.ron").unwrap();
    let mut app = bayonet::client::windowless_app(s, bayonet::client::headless);
    app.world_mut()
        .remove_resource::<bayonet::client::gate::PresetPlayers>();
    app.update();
    app.update();
    app.world_mut().resource_mut::<OnlineForm>().server = url.clone();
    let press = |app: &mut App, which: SharedButton| press_button(app, which);
    press(&mut app, SharedButton::List);
    let here = app.world().resource::<SharedHere>().clone();
    assert_eq!(here.list.len(), 1, "{}", here.said);
    assert_eq!(
        (here.list[0].name.as_str(), here.list[0].author.as_str()),
        ("Burnside's Bridge, Antietam, 17 September 1862", "Toombs")
    );
    let shown: Vec<String> = app
        .world_mut()
        .query::<&Text>()
        .iter(app.world())
        .map(|t| t.0.clone())
        .collect();
    assert!(
        shown
            .iter()
            .any(|t| t.contains("by Toombs") && t.contains("from the server")),
        "the row is shown"
    );
    // A game of it on the server: its invite fills the online section.
    press(&mut app, SharedButton::Play(0));
    let form = app.world().resource::<OnlineForm>().clone();
    assert!(!form.invite.is_empty(), "{}", form.said);
    let state = Seat::new(&url, Some(&form.invite)).scenario().unwrap();
    assert_eq!(state.file, "bridge.ron");
    // Sharing the battle on the table asks for a name first, then sends it.
    press(&mut app, SharedButton::Share);
    assert!(
        app.world()
            .resource::<SharedHere>()
            .said
            .contains("Type your name"),
        "{}",
        app.world().resource::<SharedHere>().said
    );
    app.world_mut().resource_mut::<OnlineForm>().author = "Meade".into();
    press(&mut app, SharedButton::Share);
    let listed = Seat::new(&url, None).shared().unwrap();
    assert_eq!(listed.len(), 2);
    assert!(
        listed
            .iter()
            .any(|s| s.author == "Meade" && s.file == "test_melee.ron")
    );
}

/// Issue 62, item 2, in the window: the start dialog's "My games" registers and signs in with
/// the name and password typed in the online section (the password shown as dots and forgotten
/// once signed in), makes the invite typed there one of the account's games, and lists its
/// games with whose turn it is.
#[cfg(feature = "client")]
#[test]
fn the_start_dialog_signs_in_claims_an_invite_and_lists_my_games() {
    use bayonet::client::dialogs::my_games_dialog::{MyGamesButton, MyGamesHere};
    use bayonet::client::dialogs::online_dialog::OnlineForm;
    let url = server_on(&temp_db("my-games-dialog"));
    let made = Seat::new(&url, None).create("maps/test_melee.ron").unwrap();
    let invites = crate::serve::invites(&made);
    let s = bayonet::load_scenario("maps/test_melee.ron").unwrap();
    let mut app = bayonet::client::windowless_app(s, bayonet::client::headless);
    app.world_mut()
        .remove_resource::<bayonet::client::gate::PresetPlayers>();
    app.update();
    app.update();
    {
        let mut form = app.world_mut().resource_mut::<OnlineForm>();
        form.server = url.clone();
        form.author = "Col. Strong Vincent".into();
        form.password = "vincents-spur-1863".into();
        form.invite = invites[0].clone();
    }
    let press = |app: &mut App, which: MyGamesButton| press_button(app, which);
    let said = |app: &App| app.world().resource::<MyGamesHere>().said.clone();
    press(&mut app, MyGamesButton::List);
    assert_eq!(said(&app), "Sign in first.");
    press(&mut app, MyGamesButton::Register);
    assert!(said(&app).starts_with("Registered"), "{}", said(&app));
    press(&mut app, MyGamesButton::SignIn);
    assert_eq!(said(&app), "Signed in as Col. Strong Vincent.");
    assert!(
        app.world().resource::<OnlineForm>().password.is_empty(),
        "the password is not kept"
    );
    press(&mut app, MyGamesButton::Claim);
    assert!(
        said(&app).starts_with(&format!("Game {} is yours", made.game)),
        "{}",
        said(&app)
    );
    press(&mut app, MyGamesButton::List);
    let here = app.world().resource::<MyGamesHere>();
    assert_eq!(here.list.len(), 1);
    assert_eq!(here.list[0].game, made.game);
    let words = bayonet::client::dialogs::my_games_dialog::row_words(
        &here.list[0],
        here.list[0].since + 600,
    );
    assert!(words.starts_with("test melee: you are the "), "{words}");
    assert!(words.ends_with("last move 10 min ago"), "{words}");
    assert!(said(&app).starts_with("1 game"), "{}", said(&app));
    // The password field shows dots, never the password.
    app.world_mut().resource_mut::<OnlineForm>().password = "secret-word-1".into();
    app.update();
    let texts: Vec<String> = app
        .world_mut()
        .query::<&Text>()
        .iter(app.world())
        .map(|t| t.0.clone())
        .collect();
    assert!(texts.iter().any(|t| t == "•••••••••••••"), "dots shown");
    assert!(!texts.iter().any(|t| t.contains("secret-word-1")));
}

/// The club in the start dialog (issue 62): signed in, the lobby lists another player's
/// challenge, Take up begins the game (in My games with its deadline), its Chat shows the
/// other side's line to all (and not his line to his own side), and a line said from the
/// dialog reaches the other seat; Post a challenge puts the battle on the table in the lobby.
#[cfg(feature = "client")]
#[test]
fn the_start_dialog_takes_up_a_challenge_and_chats() {
    use bayonet::client::dialogs::club_dialog::{ClubButton, ClubHere};
    use bayonet::client::dialogs::my_games_dialog::{MyGamesButton, MyGamesHere};
    use bayonet::client::dialogs::online_dialog::OnlineForm;
    use bayonet::dispatch::club::Challenge;
    let url = server_on(&temp_db("club-dialog"));
    // Another player, by script: registered, a challenge posted.
    Seat::new(&url, None)
        .register("Gen. John Buford", "mcphersons-ridge")
        .unwrap();
    let buford = Seat::new(
        &url,
        Some(
            &Seat::new(&url, None)
                .sign_in("Gen. John Buford", "mcphersons-ridge")
                .unwrap()
                .token,
        ),
    );
    buford
        .challenge(&Challenge {
            scenario: Some("maps/test_melee.ron".into()),
            side: Some(0),
            hours: Some(72),
            ..Challenge::default()
        })
        .unwrap();
    let s = bayonet::load_scenario("maps/test_melee.ron").unwrap();
    let mut app = bayonet::client::windowless_app(s, bayonet::client::headless);
    app.world_mut()
        .remove_resource::<bayonet::client::gate::PresetPlayers>();
    app.update();
    app.update();
    {
        let mut form = app.world_mut().resource_mut::<OnlineForm>();
        form.server = url.clone();
        form.author = "Gen. Henry Heth".into();
        form.password = "herr-pettigrew-1".into();
    }
    let said = |app: &App| app.world().resource::<ClubHere>().said.clone();
    press_button(&mut app, ClubButton::Lobby);
    assert_eq!(said(&app), "Sign in first (My games).");
    press_button(&mut app, MyGamesButton::Register);
    press_button(&mut app, MyGamesButton::SignIn);
    press_button(&mut app, ClubButton::Lobby);
    assert_eq!(said(&app), "1 challenge", "{}", said(&app));
    let words = bayonet::client::dialogs::club_dialog::challenge_words(
        &app.world().resource::<ClubHere>().lobby[0],
    );
    assert!(
        words.contains("Gen. John Buford plays the") && words.contains("72 h a turn"),
        "{words}"
    );
    press_button(&mut app, ClubButton::Accept(0));
    assert!(
        said(&app).starts_with("The game has begun: you are the"),
        "{}",
        said(&app)
    );
    let game = app.world().resource::<MyGamesHere>().list[0].clone();
    assert_eq!(game.side, 1);
    let words = bayonet::client::dialogs::my_games_dialog::row_words(&game, game.since + 60);
    assert!(
        words.contains("the deadline (theirs) in 71 h 59 min"),
        "{words}"
    );
    // Buford speaks: to all, and to his own side.
    let his = Seat::new(&url, Some(&buford.seat_key(&game.game, 0).unwrap().invite));
    his.say("Hold until Reynolds comes up.", false).unwrap();
    his.say("You will find us on McPherson's Ridge.", true)
        .unwrap();
    press_button(&mut app, MyGamesButton::List);
    assert_eq!(app.world().resource::<MyGamesHere>().list[0].unread, 1);
    press_button(&mut app, MyGamesButton::Chat(0));
    app.update();
    let chat = app.world().resource::<ClubHere>().chat.clone();
    assert_eq!(chat.len(), 1, "{chat:?}");
    assert!(chat[0].text.contains("McPherson's Ridge"));
    app.world_mut().resource_mut::<OnlineForm>().say = "We shall see about that.".into();
    press_button(&mut app, ClubButton::SayToAll);
    assert_eq!(said(&app), "Said.");
    let heard = his.chat(0).unwrap();
    assert_eq!(heard.len(), 3);
    assert_eq!(heard[2].author, "Gen. Henry Heth");
    assert_eq!(heard[2].text, "We shall see about that.");
    // This game: a draw offered from the dialog, which the other seat sees; the ladder.
    press_button(
        &mut app,
        ClubButton::Act(bayonet::dispatch::club::Act::OfferDraw),
    );
    assert!(
        said(&app).starts_with("A draw is offered"),
        "{}",
        said(&app)
    );
    assert_eq!(his.terms().unwrap().draw_offer, Some(1));
    press_button(&mut app, ClubButton::Ladder);
    assert_eq!(said(&app), "No rated game has ended on this server yet.");
    // Where notifications go, chosen in the dialog: a bad address is refused, a good one kept.
    app.world_mut().resource_mut::<OnlineForm>().email = "heth at cashtown".into();
    press_button(&mut app, ClubButton::Notify);
    assert!(
        said(&app).contains("is not an e-mail address"),
        "{}",
        said(&app)
    );
    app.world_mut().resource_mut::<OnlineForm>().email = "heth@example.org".into();
    press_button(&mut app, ClubButton::Notify);
    assert_eq!(said(&app), "Notifications go to heth@example.org.");
    // Posted from the dialog: the battle on the table, 72 h (Time pressed twice), rated.
    press_button(&mut app, ClubButton::Hours);
    press_button(&mut app, ClubButton::Hours);
    press_button(&mut app, ClubButton::Rated);
    press_button(&mut app, ClubButton::Post);
    assert!(said(&app).starts_with("Posted:"), "{}", said(&app));
    let lobby = buford.lobby().unwrap();
    assert_eq!(lobby.len(), 1);
    assert_eq!(lobby[0].by, "Gen. Henry Heth");
    assert_eq!((lobby[0].hours, lobby[0].rated), (Some(72), true));
}

/// Presses a dialog button for one frame, as a click would, and lets it go.
#[cfg(feature = "client")]
fn press_button<C: Component + PartialEq + std::fmt::Debug>(app: &mut App, which: C) {
    let mut q = app.world_mut().query::<(&C, &mut Interaction)>();
    let mut found = false;
    for (b, mut i) in q.iter_mut(app.world_mut()) {
        if *b == which {
            *i = Interaction::Pressed;
            found = true;
        }
    }
    assert!(found, "the dialog has {which:?}");
    app.update();
    for (_, mut i) in app
        .world_mut()
        .query::<(&C, &mut Interaction)>()
        .iter_mut(app.world_mut())
    {
        *i = Interaction::None;
    }
    app.update();
}

/// A team game's end screen credits each seat with its command, its commander and its men.
#[cfg(feature = "client")]
#[test]
fn a_team_games_end_screen_credits_each_seat() {
    use bayonet::client::dialogs::team_credit::credit_lines;
    use bayonet::dispatch::club::TeamSeat;
    let seat = |side, seat, command: &str, who: Option<&str>, men: Option<(u32, u32)>| TeamSeat {
        side,
        seat,
        command: vec![command.into()],
        commander: who.map(Into::into),
        units: men.map(|_| 4),
        men_at_start: men.map(|m| m.0),
        men_now: men.map(|m| m.1),
        ended_turn: false,
    };
    let sides = ["Union".to_string(), "Confederate".to_string()];
    let lines = credit_lines(
        &[
            seat(
                0,
                0,
                "1st Division",
                Some("Col. Vincent"),
                Some((1335, 1102)),
            ),
            seat(1, 1, "Robertson's brigade", None, Some((824, 610))),
        ],
        &sides,
    );
    assert_eq!(
        lines,
        vec![
            String::new(),
            "Each seat's part:".to_string(),
            "  the Union, seat 1 (1st Division), Col. Vincent: 1335 men at the start, 1102 at the end".to_string(),
            "  the Confederate, seat 2 (Robertson's brigade), a guest: 824 men at the start, 610 at the end".to_string(),
        ]
    );
    assert!(
        credit_lines(&[], &sides).is_empty(),
        "one seat a side: nothing added"
    );
}

/// The online bar tells the game's deadline, a draw offered and how the club ended it.
#[cfg(feature = "client")]
#[test]
fn the_online_bar_tells_the_deadline_a_draw_offered_and_the_end() {
    use bayonet::client::online::seat::club_words;
    use bayonet::dispatch::club::{EndedBy, Ending, Terms};
    let t = Terms {
        hours: Some(24),
        deadline: Some(1_000 + 5 * 3600 + 120),
        draw_offer: Some(0),
        ..Terms::default()
    };
    assert_eq!(
        club_words(&t, 1, 1_000),
        " | deadline in 5 h 2 min | a draw is offered (the start dialog's club answers it)"
    );
    assert_eq!(
        club_words(&t, 0, 1_000 + 6 * 3600),
        " | deadline passed | you offered a draw"
    );
    let ended = Terms {
        ended: Some(Ending {
            by: EndedBy::Resigned,
            winner: Some(1),
            at: 0,
        }),
        ..t
    };
    assert_eq!(club_words(&ended, 1, 0), " | the enemy resigned");
    assert_eq!(club_words(&Terms::default(), 0, 0), "");
}
