//! The command line as one clap parser: the adjudicator's subcommands, the referee server and
//! its seats, the editor, and the game window's options (from argv on the desktop, from the
//! page's address in the browser). `bayonet --help` and the README's command list are this.

use clap::{Args, Parser, Subcommand};

use crate::rules::map::Coord;
use crate::rules::params::MeleeSystemName;

/// Bayonet: Civil War tactical combat on a hex map. With no subcommand the game window opens.
#[derive(Debug, Default, Clone, Parser)]
#[command(
    name = "bayonet",
    version,
    after_help = "Coordinates are column,row from the map's top-left hex (0,0), as in maps/README.md.\n\
                  `bayonet SUBCOMMAND --help` explains each subcommand."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Verb>,
    /// Trust the certificates in FILE (PEM) for https:// servers, instead of the public
    /// authorities: a server with a private or self-signed certificate
    #[cfg(not(target_arch = "wasm32"))]
    #[arg(long, global = true, value_name = "FILE")]
    pub ca: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub window: Window,
}

/// What the command line asks for: its subcommand (`check`, `odds`, `run`, `serve` …).
#[derive(Debug, Clone, Subcommand)]
pub enum Verb {
    /// Validate a scenario, a lesson's script or a campaign (every fault, not the first)
    Check(Check),
    /// The battle library: every battle with its date, size, length, type and difficulty
    List(List),
    /// The scenario editor on FILE (a new map when FILE does not exist)
    Edit(Edit),
    /// The melee breakdown and exact odds, no dice
    Odds(Melee),
    /// One unit's fire at a hex broken down, with its loss range and chances, no dice
    Fire(FireArgs),
    /// Line of sight between two hexes: clear, or the hex that blocks, what and by how many
    /// feet; --approach the share of the attacker's approach the defenders see at the start
    Sight(SightArgs),
    /// Resolve one melee with the game's dice
    Resolve(Resolve),
    /// Play a list of orders; print every outcome and the final state
    Run(Run),
    /// Replay a save's orders from the start; exit 1 if the state differs from the saved one
    Replay(Replay),
    /// Open the game from a save
    Play(Play),
    /// Watch a save in the window from its first order: play, pause, step, scrub
    Watch(Play),
    /// The after-action report of a save: charts (PNG, SVG) and a web page; --json the numbers
    #[cfg(not(target_arch = "wasm32"))]
    Report(Report),
    /// The computer against itself (or a side that only holds), the whole scenario
    Autoplay(Autoplay),
    /// Two computer opponents in paired games (each seed played with both pairings)
    Duel(Duel),
    /// A campaign (FILE.campaign.ron) in the window; --status where it stands; --autoplay the
    /// computer plays its battles in turn, each one's losses carried into the next
    Campaign(CampaignArgs),
    /// Play a friend: a server here and a new game on it; prints the friend's invite
    #[cfg(not(target_arch = "wasm32"))]
    Host(Host),
    /// Open the window on a server's game as that seat
    Join(Join),
    /// Open lesson N of the boot camp (1 to 11): the game taught one idea at a time
    Lesson(Lesson),
    /// The referee server for games played apart, and a club's: accounts, my games, the
    /// lobby, deadlines, chat, team games, ratings and notifications
    ///
    /// To run a club: --db postgres://… shared by two or more servers (or sqlite:FILE for
    /// one), --tls-cert/--tls-key, --site for the browser build, --smtp HOST:PORT (a plain-SMTP
    /// relay on this machine or its private network) with --mail-from and --public-url for
    /// e-mailed notifications; webhooks need nothing. /metrics counts notifications sent and
    /// failed and the outbox waiting and failing; the log has a line per notification sent or
    /// failed. No password, session token, invite or seat key is ever written to a log.
    #[cfg(not(target_arch = "wasm32"))]
    Serve(Serve),
    /// A seat at a server's game, for scripts and tests
    #[cfg(not(target_arch = "wasm32"))]
    Remote {
        #[command(subcommand)]
        seat: Remote,
    },
    /// Print a shell completion script for bayonet
    #[cfg(not(target_arch = "wasm32"))]
    Completions {
        /// The shell: bash, zsh, fish, elvish or powershell
        shell: clap_complete::Shell,
    },
}

/// The game window's options: on its own, after `play SAVE`, `join URL INVITE` and `host`.
#[derive(Debug, Default, Clone, Args)]
#[command(next_help_heading = "Game window")]
pub struct Window {
    /// Open the game on FILE (default: maps/harpers_crossing.ron)
    #[arg(long, value_name = "FILE")]
    pub scenario: Option<String>,
    /// Who the computer plays: a side's name, both or none, then :basic or :skilled (skips the start dialog)
    #[arg(long, value_name = "SIDE|both|none")]
    pub computer: Option<String>,
    /// Render one frame, save it as a PNG and exit (no saves are written)
    #[arg(long, value_name = "OUT.png")]
    pub screenshot: Option<String>,
    /// With --screenshot: lay the window out without drawing it and write only OUT.png.layout.json (the layout tests)
    #[arg(long, requires = "screenshot")]
    pub layout_only: bool,
    /// A scripted opening drag from an attacking hex to a defending hex (repeatable)
    #[arg(long, value_name = "C,R>C,R", value_parser = drag)]
    pub declare: Vec<(Coord, Coord)>,
    /// Press Resolve after the scripted drags
    #[arg(long)]
    pub resolve: bool,
    /// Keep the start dialog open in a screenshot
    #[arg(long)]
    pub dialog: bool,
    /// Aids switched on, by their numbers in the aids column
    #[arg(long, value_name = "1,2,…", value_delimiter = ',', value_parser = aid_number)]
    pub aids: Vec<usize>,
    /// A hex selected, as a tap would
    #[arg(long, value_name = "C,R", value_parser = coord)]
    pub select: Option<Coord>,
    /// A line-of-sight look from one hex to another
    #[arg(long, value_name = "C,R>C,R", value_parser = drag)]
    pub sight: Option<(Coord, Coord)>,
    /// The window's size in logical pixels (any window, not only screenshots)
    #[arg(long, value_name = "WxH", value_parser = window_size)]
    pub size: Option<(u32, u32)>,
    /// The map's zoom at the start: whole (all the map), or world units a pixel (about 1.3 opens a battle; more is farther out)
    #[arg(long, value_name = "whole|SCALE", value_parser = zoom)]
    pub zoom: Option<Zoom>,
    /// A hex to centre the map on at the start
    #[arg(long, value_name = "C,R", value_parser = coord)]
    pub look: Option<Coord>,
    /// In the browser: the invite of a seat at the page's server
    #[arg(long, value_name = "INVITE")]
    pub invite: Option<String>,
    /// Optional rules switched on for a new game (fog, extreme_fog, quality, …)
    #[arg(long, value_name = "fog,…")]
    pub rules: Option<String>,
    /// A panel open at the start (for a screenshot): help, victory, briefing, log or report
    #[arg(long, value_enum, value_name = "PANEL", hide_possible_values = true)]
    pub open: Option<Panel>,
    /// Open lesson N of the boot camp (1 to 11) instead of a scenario
    #[arg(long, value_name = "N", value_parser = lesson_number)]
    pub lesson: Option<usize>,
}

/// `bayonet lesson N`.
#[derive(Debug, Clone, Args)]
pub struct Lesson {
    /// The lesson's number, 1 to 11
    #[arg(value_parser = lesson_number)]
    pub number: usize,
    #[command(flatten)]
    pub window: Window,
}

/// A lesson's number, 1 to the number of lessons.
fn lesson_number(s: &str) -> Result<usize, ValueError> {
    match s.trim().parse::<usize>() {
        Ok(n) if (1..=crate::lesson::COUNT).contains(&n) => Ok(n),
        _ => Err(ValueError::new(s, Expected::Lesson)),
    }
}

/// A value on the command line that does not read: what was written, and what was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueError {
    pub written: String,
    pub expected: Expected,
}

/// What a value on the command line should have been.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    Lesson,
    Hex,
    HexNumbers,
    Drag,
    Aid,
    Zoom,
    WindowSize,
    MapSize,
    UnitId,
}

impl ValueError {
    fn new(written: &str, expected: Expected) -> ValueError {
        ValueError {
            written: written.to_owned(),
            expected,
        }
    }
}

impl std::fmt::Display for ValueError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = &self.written;
        match self.expected {
            Expected::Lesson => write!(
                f,
                "`{s}`: expected a lesson's number, 1 to {}",
                crate::lesson::COUNT
            ),
            Expected::Hex => write!(f, "`{s}`: expected a hex as COLUMN,ROW (e.g. 12,7)"),
            Expected::HexNumbers => {
                write!(f, "`{s}`: expected a hex as COLUMN,ROW of whole numbers")
            }
            Expected::Drag => write!(f, "`{s}`: expected FROM>TO, e.g. 14,4>13,4"),
            Expected::Aid => write!(f, "`{s}`: expected an aid number 1–9 or 0, e.g. 1,2,7"),
            Expected::Zoom => write!(
                f,
                "`{s}`: expected `whole` or a zoom between 0.25 (close in) and 50 (far out)"
            ),
            Expected::WindowSize => write!(f, "`{s}`: expected WIDTHxHEIGHT, e.g. 1024x768"),
            Expected::MapSize => write!(
                f,
                "`{s}`: expected a size WxH in hexes, 2 to 1000 each way (40x30)"
            ),
            Expected::UnitId => write!(f, "`{s}` is not a unit id"),
        }
    }
}

impl std::error::Error for ValueError {}

/// The panels `--open` opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Panel {
    Help,
    Victory,
    Briefing,
    Log,
    Report,
}

impl Window {
    /// These options, with `outer`'s (given before the subcommand) where these have none.
    pub fn or(self, outer: Window) -> Window {
        Window {
            scenario: self.scenario.or(outer.scenario),
            computer: self.computer.or(outer.computer),
            screenshot: self.screenshot.or(outer.screenshot),
            layout_only: self.layout_only || outer.layout_only,
            declare: [outer.declare, self.declare].concat(),
            resolve: self.resolve || outer.resolve,
            dialog: self.dialog || outer.dialog,
            aids: if self.aids.is_empty() {
                outer.aids
            } else {
                self.aids
            },
            select: self.select.or(outer.select),
            sight: self.sight.or(outer.sight),
            size: self.size.or(outer.size),
            zoom: self.zoom.or(outer.zoom),
            look: self.look.or(outer.look),
            invite: self.invite.or(outer.invite),
            rules: self.rules.or(outer.rules),
            open: self.open.or(outer.open),
            lesson: self.lesson.or(outer.lesson),
        }
    }
}

impl Window {
    /// The options that open another battle from the start dialog: `file`, in a window of
    /// `size` (the one the player has now), with the same optional rules and aids; the first
    /// battle's script (drags, selection, zoom, screenshot) and opponent stay behind.
    pub fn another_battle(&self, file: &str, size: Option<(u32, u32)>) -> Vec<String> {
        self.opening(vec!["--scenario".to_string(), file.to_string()], size)
    }

    /// The options that open a campaign's screen, as `another_battle` opens a battle.
    pub fn another_campaign(
        &self,
        file: &str,
        size: Option<(u32, u32)>,
        save: Option<&str>,
    ) -> Vec<String> {
        let mut argv = vec!["campaign".to_string(), file.to_string()];
        if let Some(s) = save {
            argv.extend(["--save".into(), s.to_string()]);
        }
        if let Some((w, h)) = size.or(self.size) {
            argv.extend(["--size".into(), format!("{w}x{h}")]);
        }
        argv
    }

    /// The options that open lesson `n` of the boot camp, as `another_battle` opens a battle.
    pub fn another_lesson(&self, n: usize, size: Option<(u32, u32)>) -> Vec<String> {
        self.opening(vec!["--lesson".to_string(), n.to_string()], size)
    }

    /// `first`, then the window's size and the same optional rules and aids.
    fn opening(&self, first: Vec<String>, size: Option<(u32, u32)>) -> Vec<String> {
        let mut argv = first;
        if let Some((w, h)) = size.or(self.size) {
            argv.extend(["--size".into(), format!("{w}x{h}")]);
        }
        if let Some(r) = &self.rules {
            argv.extend(["--rules".into(), r.clone()]);
        }
        if !self.aids.is_empty() {
            let aids: Vec<String> = self.aids.iter().map(|a| a.to_string()).collect();
            argv.extend(["--aids".into(), aids.join(",")]);
        }
        argv
    }
}

/// Options as the page's address (`from_query` read backwards): `--scenario F --resolve` is
/// `scenario=F&resolve`.
pub fn to_query(argv: &[String]) -> String {
    let mut q = form_urlencoded::Serializer::new(String::new());
    let mut i = 0;
    while i < argv.len() {
        let key = argv[i].trim_start_matches("--");
        match argv.get(i + 1).filter(|v| !v.starts_with("--")) {
            Some(v) => {
                q.append_pair(key, v);
                i += 2;
            }
            None => {
                q.append_key_only(key);
                i += 1;
            }
        }
    }
    q.finish()
}

#[derive(Debug, Clone, Args)]
pub struct Check {
    /// The scenario file
    pub file: String,
    /// Print JSON
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
pub struct Edit {
    /// The scenario to edit (default: new_scenario.ron)
    pub file: Option<String>,
    /// The size of a new map, in hexes (2 to 1000 each way)
    #[arg(long, value_name = "WxH", value_parser = map_size, default_value = "40x30")]
    pub new: (u32, u32),
    /// Render one frame, save it as a PNG and exit
    #[arg(long, value_name = "OUT.png")]
    pub screenshot: Option<String>,
    /// The window's size in logical pixels
    #[arg(long, value_name = "WxH", value_parser = window_size)]
    pub size: Option<(u32, u32)>,
    /// The server Publish shares the scenario on
    #[arg(long, value_name = "URL", default_value = "http://127.0.0.1:7878")]
    pub server: String,
    /// The name Publish shares it under (default: your login name)
    #[arg(long, value_name = "NAME")]
    pub author: Option<String>,
}

/// The scenario's rules as the command line changes them.
#[derive(Debug, Default, Clone, Args)]
pub struct RuleChoice {
    /// Optional rules switched on
    #[arg(long, value_name = "fog,extreme_fog,quality,…")]
    pub rules: Option<String>,
    /// The melee system instead of the scenario's (D-sys-1)
    #[arg(long, value_name = "Tiller|Bodenstedt|Impetus|LaBataille|Austerlitz",
          value_parser = melee_system)]
    pub melee_system: Option<MeleeSystemName>,
}

impl RuleChoice {
    /// `--rules` switches optional rules on, `--melee-system` picks the melee system.
    pub fn adjust(
        &self,
        s: &mut crate::rules::scenario::Scenario,
    ) -> Result<(), crate::rules::params::ParamsError> {
        if let Some(r) = &self.rules {
            s.params.optional.enable(r)?;
        }
        if let Some(m) = self.melee_system {
            s.params.melee_system = m;
        }
        Ok(())
    }
}

/// One fire: `bayonet fire`.
#[derive(Debug, Clone, Args)]
pub struct FireArgs {
    /// The scenario file
    pub file: String,
    /// The firing unit's id
    #[arg(long, value_name = "ID", value_parser = unit_id)]
    pub unit: u32,
    /// The target hex
    #[arg(long, value_name = "C,R", value_parser = coord)]
    pub at: Coord,
    /// Fire as opportunity fire, in the enemy's turn (low ammunition may fire; no moved factor)
    #[arg(long)]
    pub opportunity: bool,
    /// Fire at night
    #[arg(long)]
    pub night: bool,
    #[command(flatten)]
    pub rules: RuleChoice,
    /// Print JSON
    #[arg(long)]
    pub json: bool,
}

/// `bayonet sight FILE FROM TO`, or `bayonet sight FILE --approach`.
#[derive(Debug, Clone, Args)]
pub struct SightArgs {
    /// The scenario file
    pub file: String,
    /// The hex looked from
    #[arg(value_name = "FROM", value_parser = coord, required_unless_present = "approach")]
    pub from: Option<Coord>,
    /// The hex looked at
    #[arg(value_name = "TO", value_parser = coord, required_unless_present = "approach")]
    pub to: Option<Coord>,
    /// Instead: the share of the attacker's approach that the defenders see from their
    /// starting hexes (infantry within 4 hexes, guns within range)
    #[arg(long, conflicts_with_all = ["from", "to"])]
    pub approach: bool,
    /// At night
    #[arg(long)]
    pub night: bool,
    /// Print JSON
    #[arg(long)]
    pub json: bool,
}

/// One melee: `odds`, and `resolve` with a seed.
#[derive(Debug, Clone, Args)]
pub struct Melee {
    /// The scenario file
    pub file: String,
    /// The attacking hexes
    #[arg(long, required = true, value_name = "C,R[;C,R…]", value_delimiter = ';',
          value_parser = coord)]
    pub attack: Vec<Coord>,
    /// The defending hex
    #[arg(long, value_name = "C,R", value_parser = coord)]
    pub defend: Coord,
    /// Only these units of the attacking hexes attack (default: all that may)
    #[arg(long, value_name = "ID,…", value_delimiter = ',', value_parser = unit_id)]
    pub units: Vec<u32>,
    /// Fight at night
    #[arg(long)]
    pub night: bool,
    #[command(flatten)]
    pub rules: RuleChoice,
    /// Print JSON
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
pub struct Resolve {
    #[command(flatten)]
    pub melee: Melee,
    /// The seed of the game's dice (needed: resolve rolls them)
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

#[derive(Debug, Clone, Args)]
pub struct Run {
    /// The scenario file (not with --from)
    #[arg(required_unless_present = "from")]
    pub file: Option<String>,
    /// The orders to give, in order (the format is in maps/README.md)
    #[arg(long, value_name = "ORDERS.ron")]
    pub orders: String,
    /// The seed of the game's dice
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Write the game at the end as a save
    #[arg(long, value_name = "OUT.ron")]
    pub save: Option<String>,
    /// Carry on from a save instead of the scenario's start
    #[arg(long, value_name = "SAVE")]
    pub from: Option<String>,
    #[command(flatten)]
    pub rules: RuleChoice,
    /// Print JSON
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
pub struct Replay {
    /// The save file
    pub save: String,
    /// Print JSON
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
pub struct Play {
    /// The save file (a bare name is also looked for among the saves the game wrote); `play`
    /// without one opens the start dialog, as `bayonet` alone does
    pub save: Option<String>,
    #[command(flatten)]
    pub window: Window,
}

#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, Clone, Args)]
pub struct Report {
    /// The save file
    pub save: String,
    /// The folder to write the charts and the page into
    #[arg(long, value_name = "DIR")]
    pub out: Option<String>,
    /// Print the numbers as JSON
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
pub struct Duel {
    /// The scenario file
    pub file: String,
    /// The opponent measured: skilled (the planning computer), basic (the first
    /// computer) or hold (ends its turns, nothing else)
    #[arg(long, value_name = "AI")]
    pub first: String,
    /// The opponent it is measured against
    #[arg(long, value_name = "AI")]
    pub second: String,
    /// How many seeds (each plays two games: either opponent on either side)
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub seeds: u64,
    /// The first seed (the rest follow it)
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub from: u64,
    #[command(flatten)]
    pub rules: RuleChoice,
    /// Print JSON
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
pub struct List {
    /// Only the battles of this year
    #[arg(long, value_name = "YEAR")]
    pub year: Option<u16>,
    /// Only battles of this size: small, medium or large
    #[arg(long, value_name = "SIZE")]
    pub size: Option<String>,
    /// Only battles of this type: attack or meeting
    #[arg(long = "type", value_name = "TYPE")]
    pub kind: Option<String>,
    /// Print JSON
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Clone, Args)]
pub struct CampaignArgs {
    /// The campaign file (maps/campaigns/*.campaign.ron)
    pub file: String,
    /// The campaign's save: resumed from if it exists, written after every battle
    #[arg(long, value_name = "SAVE.ron")]
    pub save: Option<String>,
    /// The computer plays the battles still to fight, both sides
    #[arg(long)]
    pub autoplay: bool,
    /// With --autoplay: at most N battles, then stop (with --save, to carry on later)
    #[arg(long, value_name = "N")]
    pub battles: Option<usize>,
    /// Print where the campaign stands (its battles fought, its score, the next briefing and
    /// what carries into it) instead of opening the window
    #[arg(long)]
    pub status: bool,
    /// The seed of the first battle's dice (each later battle adds one)
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// The computer opponent playing: basic or skilled (the default)
    #[arg(long, value_name = "LEVEL", default_value = "skilled")]
    pub opponent: String,
    /// Print JSON
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub window: Window,
}

#[derive(Debug, Clone, Args)]
pub struct Autoplay {
    /// The scenario file
    pub file: String,
    /// The seed of the game's dice
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// The side that only holds (its name, or 0 or 1)
    #[arg(long, value_name = "SIDE")]
    pub hold: Option<String>,
    /// The computer opponent playing: basic (the default here, as the balance table was
    /// measured) or skilled
    #[arg(long, value_name = "LEVEL", default_value = "basic")]
    pub opponent: String,
    /// Write the finished game there as a save (to watch, replay or report on)
    #[arg(long, value_name = "OUT.ron")]
    pub save: Option<String>,
    #[command(flatten)]
    pub rules: RuleChoice,
    /// Print JSON
    #[arg(long)]
    pub json: bool,
}

#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, Clone, Args)]
pub struct Host {
    /// Where the server listens
    #[arg(long, value_name = "ADDR", default_value = crate::serve::DEFAULT_LISTEN)]
    pub listen: String,
    /// The games' database (default: bayonet-games.sqlite in the data folder)
    #[arg(long, value_name = "URL")]
    pub db: Option<String>,
    /// The side you play, by its name (default: the side that moves first)
    #[arg(long, value_name = "SIDE")]
    pub side: Option<String>,
    /// Serve HTTPS with this certificate chain (PEM; with --tls-key), so that invites never
    /// cross the network in clear
    #[arg(long, value_name = "FILE")]
    pub tls_cert: Option<std::path::PathBuf>,
    /// The certificate's private key (PEM)
    #[arg(long, value_name = "FILE")]
    pub tls_key: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub window: Window,
}

#[derive(Debug, Clone, Args)]
pub struct Join {
    /// The server's address
    pub url: String,
    /// This seat's invite
    #[arg(id = "seat_invite", value_name = "INVITE")]
    pub invite: String,
    #[command(flatten)]
    pub window: Window,
}

#[cfg(not(target_arch = "wasm32"))]
pub use crate::serve::args::Serve;

#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, Clone, Subcommand)]
pub enum Remote {
    /// Create a game on a server; print each side's invite
    New {
        /// The server's address
        url: String,
        /// A scenario file, or the name of one the server knows (or --shared ID)
        #[arg(required_unless_present = "shared")]
        scenario: Option<String>,
        /// A scenario shared on the server, by its id (`remote shared` lists them)
        #[arg(long, value_name = "ID", conflicts_with = "scenario")]
        shared: Option<String>,
        /// Optional rules switched on
        #[arg(long, value_name = "fog,extreme_fog,quality,…")]
        rules: Option<String>,
        /// The server's key for creating games (its operator's `serve --create-key`)
        #[arg(long, value_name = "KEY")]
        key: Option<String>,
        /// A team game: a JSON file of each side's seats and the formations each commands,
        /// `{"sides": [[[{"Division": "D1"}], [{"Division": "D2"}]], [[{"Brigade": "LA"}],
        /// [{"Brigade": "RO"}]]]}`; an invite per seat
        #[arg(long, value_name = "FILE.json", conflicts_with = "shared")]
        teams: Option<String>,
        /// Print JSON
        #[arg(long)]
        json: bool,
    },
    /// The game as that seat sees it
    State {
        /// The server's address
        url: String,
        /// The seat's invite
        invite: String,
        /// Print JSON
        #[arg(long)]
        json: bool,
    },
    /// Give the file's orders as that seat, each when it is the seat's turn
    Play {
        /// The server's address
        url: String,
        /// The seat's invite
        invite: String,
        /// The orders to give (refused ones are reported)
        #[arg(long, value_name = "ORDERS.ron")]
        orders: String,
        /// Print JSON
        #[arg(long)]
        json: bool,
    },
    /// Share a scenario on a server: checked there, then listed with its author for anyone
    Share {
        /// The server's address
        url: String,
        /// The scenario file
        file: String,
        /// Your name, as the server lists the scenario
        #[arg(long, value_name = "NAME")]
        author: String,
        /// Print JSON
        #[arg(long)]
        json: bool,
    },
    /// The scenarios shared on a server, newest first; with --get ID, write one to a file
    Shared {
        /// The server's address
        url: String,
        /// Download the shared scenario of this id
        #[arg(long, value_name = "ID")]
        get: Option<String>,
        /// Where to write it (default: its own file name, here)
        #[arg(long, value_name = "OUT.ron", requires = "get")]
        out: Option<String>,
        /// Print JSON
        #[arg(long)]
        json: bool,
    },
    /// An account on a server (issue 62): register, sign-in (prints the session's token),
    /// show, sign-out [--everywhere], password, delete; claim --invite INVITE (a guest's seat
    /// becomes one of the account's games), games (my games, my turn first), open --game ID
    /// --side N (prints a key that opens the seat as its invite does). The password is read from
    /// BAYONET_PASSWORD, else the first line of the standard input (the new one, for
    /// `password`, from BAYONET_NEW_PASSWORD or the second line); the session from
    /// BAYONET_SESSION. Neither is ever an argument, where other users could read it.
    Account {
        /// The server's address
        url: String,
        /// What to do
        #[arg(value_enum)]
        action: AccountAction,
        /// The account's name (register, sign-in)
        #[arg(long, value_name = "NAME")]
        name: Option<String>,
        /// With sign-out: end every session of the account, on every device
        #[arg(long)]
        everywhere: bool,
        /// With claim: the seat's invite
        #[arg(long, value_name = "INVITE")]
        invite: Option<String>,
        /// With open: the game's id (as `games` lists it)
        #[arg(long, value_name = "ID")]
        game: Option<String>,
        /// With open and rematch: the side's number, 0 or 1; with challenge: the side the
        /// challenger plays (left out: either, drawn by the server)
        #[arg(long, value_name = "N")]
        side: Option<u8>,
        /// With challenge: the battle, by the name the server knows it by (`bayonet list`)
        #[arg(long, value_name = "NAME")]
        scenario: Option<String>,
        /// With challenge: the hours each side turn may take (left out: no deadline)
        #[arg(long, value_name = "H")]
        hours: Option<u32>,
        /// With challenge: a rated game (the ladder)
        #[arg(long)]
        rated: bool,
        /// With challenge: the one player who may take it up (left out: anyone)
        #[arg(long, value_name = "NAME")]
        to: Option<String>,
        /// With accept and withdraw: the challenge's id, as `lobby` lists it
        #[arg(long, value_name = "ID")]
        id: Option<String>,
        /// With notify: the e-mail address notifications go to ("" for none)
        #[arg(long, value_name = "ADDRESS")]
        email: Option<String>,
        /// With notify: the webhook notifications are posted to ("" for none)
        #[arg(long, value_name = "URL")]
        webhook: Option<String>,
        /// Print JSON
        #[arg(long)]
        json: bool,
    },
    /// The seat's game's terms (its deadline, a draw offered, how it ended), or what the seat
    /// does besides giving orders: resign, offer-draw, accept-draw, decline-draw, claim-time
    /// (the other side let its deadline pass)
    Act {
        /// The server's address
        url: String,
        /// The seat's invite
        invite: String,
        #[arg(value_enum)]
        act: ActAction,
        /// Print JSON
        #[arg(long)]
        json: bool,
    },
    /// The game's chat as the seat's side reads it; with --say, a line said first (to the
    /// seat's side, or with --to-all to both)
    Chat {
        /// The server's address
        url: String,
        /// The seat's invite
        invite: String,
        #[arg(long, value_name = "TEXT")]
        say: Option<String>,
        #[arg(long)]
        to_all: bool,
        /// Print JSON
        #[arg(long)]
        json: bool,
    },
    /// The server's ladder: rated players by their Glicko-2 rating
    Ladder {
        /// The server's address
        url: String,
        /// Print JSON
        #[arg(long)]
        json: bool,
    },
    /// A finished game's seed and orders, as a save that `bayonet replay` checks
    Save {
        /// The server's address
        url: String,
        /// The seat's invite
        invite: String,
        /// Write it to a file instead of printing it
        #[arg(long, value_name = "OUT.ron")]
        save: Option<String>,
    },
}

/// What `bayonet remote account` does.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum AccountAction {
    Register,
    SignIn,
    Show,
    SignOut,
    Password,
    Delete,
    Claim,
    Games,
    Open,
    Lobby,
    Challenge,
    Accept,
    Withdraw,
    Rematch,
    Notify,
}

/// What `bayonet remote act` does.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ActAction {
    Terms,
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    ClaimTime,
}

/// Reads `COLUMN,ROW`.
pub fn coord(s: &str) -> Result<Coord, ValueError> {
    let (c, r) = s
        .split_once(',')
        .ok_or_else(|| ValueError::new(s, Expected::Hex))?;
    let num = |x: &str| {
        x.trim()
            .parse::<i32>()
            .map_err(|_| ValueError::new(s, Expected::HexNumbers))
    };
    Ok(Coord {
        col: num(c)?,
        row: num(r)?,
    })
}

/// Reads `C,R>C,R`: a drag from one hex to another.
pub fn drag(s: &str) -> Result<(Coord, Coord), ValueError> {
    let (a, b) = s
        .split_once('>')
        .ok_or_else(|| ValueError::new(s, Expected::Drag))?;
    Ok((coord(a)?, coord(b)?))
}

/// How many aids the aids column has (the window checks it has as many).
pub const AIDS: usize = 10;

/// Reads one aid's number as its button shows it, 1–9 or 0 (the tenth): its place in the
/// column, from 1.
pub fn aid_number(s: &str) -> Result<usize, ValueError> {
    match s.trim().parse::<usize>() {
        Ok(0) => Ok(AIDS),
        Ok(n) if (1..AIDS).contains(&n) => Ok(n),
        _ => Err(ValueError::new(s, Expected::Aid)),
    }
}

fn size_within(
    s: &str,
    w: std::ops::RangeInclusive<u32>,
    h: std::ops::RangeInclusive<u32>,
) -> Option<(u32, u32)> {
    let (a, b) = s.split_once(['x', 'X'])?;
    let (a, b) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
    (w.contains(&a) && h.contains(&b)).then_some((a, b))
}

/// How far out the map opens: the whole map, or a scale (world units a pixel).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Zoom {
    Whole,
    Scale(f32),
}

/// Reads `whole` or a scale between 0.25 and 50.
pub fn zoom(s: &str) -> Result<Zoom, ValueError> {
    if s.trim().eq_ignore_ascii_case("whole") {
        return Ok(Zoom::Whole);
    }
    match s.trim().parse::<f32>() {
        Ok(k) if (0.25..=50.0).contains(&k) => Ok(Zoom::Scale(k)),
        _ => Err(ValueError::new(s, Expected::Zoom)),
    }
}

/// Reads a window's `WIDTHxHEIGHT` in logical pixels.
pub fn window_size(s: &str) -> Result<(u32, u32), ValueError> {
    size_within(s, 320..=8192, 240..=8192).ok_or_else(|| ValueError::new(s, Expected::WindowSize))
}

/// Reads a map's `WIDTHxHEIGHT` in hexes.
pub fn map_size(s: &str) -> Result<(u32, u32), ValueError> {
    size_within(s, 2..=1000, 2..=1000).ok_or_else(|| ValueError::new(s, Expected::MapSize))
}

fn unit_id(s: &str) -> Result<u32, ValueError> {
    s.trim()
        .parse()
        .map_err(|_| ValueError::new(s, Expected::UnitId))
}

fn melee_system(s: &str) -> Result<MeleeSystemName, crate::rules::params::ParamsError> {
    s.to_owned().try_into()
}

/// A page's query (`?a=1&invite=X`) without its invite: what the address bar keeps.
pub fn without_invite(query: &str) -> String {
    let kept: Vec<(String, String)> =
        form_urlencoded::parse(query.trim_start_matches('?').as_bytes())
            .filter(|(k, _)| k != "invite")
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
    if kept.is_empty() {
        return String::new();
    }
    let mut q = form_urlencoded::Serializer::new(String::from("?"));
    q.extend_pairs(kept);
    q.finish()
}

/// The page's address as options: `?scenario=maps%2Ftest_melee.ron&invite=X` is
/// `--scenario maps/test_melee.ron --invite X` (a key without a value is a switch).
pub fn from_query(query: &str) -> Vec<String> {
    let mut argv = Vec::new();
    for (k, v) in form_urlencoded::parse(query.trim_start_matches('?').as_bytes()) {
        if k.is_empty() {
            continue;
        }
        // A campaign is a command with its file (`campaign=FILE`, as `to_query` writes
        // `bayonet campaign FILE`): it goes first, the options after it.
        if k == "campaign" {
            argv.splice(0..0, ["campaign".to_string(), v.into_owned()]);
            continue;
        }
        argv.push(format!("--{k}"));
        if !v.is_empty() {
            argv.push(v.into_owned());
        }
    }
    argv
}
