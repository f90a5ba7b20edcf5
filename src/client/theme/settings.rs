//! The player's interface settings, remembered between runs: the UI scale (75–200 % on top of
//! the window's own scale factor, which the UI follows by default), the colour-blind-safe
//! palette, the sound's volume and mute, and more. Kept in `settings.ron` in the user's config folder; a bad file is reported and
//! the defaults used, never a crash.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// The settings as the player chose them.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The UI's size in percent of the window's own (75–200).
    pub ui_scale: u32,
    /// Sides and highlights told apart by shape and pattern as well as colour, in colours that
    /// colour-blind players can tell apart (Okabe–Ito).
    pub colour_blind: bool,
    /// End turn asks for a second press (or Enter) before it ends the turn.
    pub confirm_end_turn: bool,
    /// How fast the other side's turn is shown.
    pub pace: Pace,
    /// The camera goes to each action of the other side's turn that happens outside the view.
    pub follow: bool,
    /// The computer opponent last chosen in the start dialog.
    pub opponent: crate::sim::Opponent,
    /// Who plays, as last chosen in the start dialog.
    pub who_plays: Mode,
    /// The boot camp's lessons finished, lesson n as bit n − 1.
    pub lessons_done: u16,
    /// A battle has been started from the start dialog: after that the boot camp is no longer
    /// offered first.
    pub played: bool,
    /// How elevation is drawn: contour bands (the series' way) or shading alone.
    pub relief: Relief,
    /// The sounds' loudness, 0–100 %.
    pub volume: u32,
    /// No sound at all (Ctrl+M).
    pub muted: bool,
    /// The library's filter as last set, kept when a battle picked opens a fresh window (issue
    /// 76, item 17): a year, and a size and a type by their place in `Size::ALL`, `Kind::ALL`.
    pub library: (Option<u16>, Option<u8>, Option<u8>),
}

/// Who plays: one side against the computer (0 or 1), two players at one device, or the
/// computer against itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    Hotseat,
    Play(u8),
    Watch,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            ui_scale: 100,
            colour_blind: false,
            relief: Relief::Bands,
            confirm_end_turn: true,
            pace: Pace::Readable,
            follow: true,
            opponent: crate::sim::Opponent::default(),
            who_plays: Mode::Play(0),
            lessons_done: 0,
            played: false,
            volume: 80,
            muted: false,
            library: (None, None, None),
        }
    }
}

/// How fast the other side's turn is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Pace {
    /// Each action long enough to read its marks.
    #[default]
    Readable,
    Fast,
    /// No show: the orders follow one another at once.
    Instant,
}

impl Pace {
    /// How long a beat takes, against the readable pace.
    pub fn factor(self) -> f32 {
        match self {
            Pace::Readable => 1.0,
            Pace::Fast => 0.3,
            Pace::Instant => 0.0,
        }
    }

    /// The computer's pause between two orders (seconds).
    pub fn order_gap(self) -> f32 {
        match self {
            Pace::Readable => 0.3,
            Pace::Fast => 0.08,
            Pace::Instant => 0.0,
        }
    }

    pub fn words(self) -> &'static str {
        match self {
            Pace::Readable => "readable",
            Pace::Fast => "fast",
            Pace::Instant => "instant",
        }
    }

    pub fn faster(self) -> Pace {
        match self {
            Pace::Readable => Pace::Fast,
            _ => Pace::Instant,
        }
    }

    pub fn slower(self) -> Pace {
        match self {
            Pace::Instant => Pace::Fast,
            _ => Pace::Readable,
        }
    }

    /// The next pace round the cycle (the toolbar's one button).
    pub fn next(self) -> Pace {
        match self {
            Pace::Readable => Pace::Fast,
            Pace::Fast => Pace::Instant,
            Pace::Instant => Pace::Readable,
        }
    }
}

pub const MIN_SCALE: u32 = 75;
/// The volume's step in the start dialog.
pub const VOLUME_STEP: u32 = 10;
pub const MAX_SCALE: u32 = 200;
pub use super::palette::TOUCH_TARGET;

impl Settings {
    /// The scale step of the dialog's − and + buttons.
    pub fn step(&mut self, dir: i32) {
        let v = self.ui_scale as i32 + dir * 25;
        self.ui_scale = (v.max(MIN_SCALE as i32) as u32).min(MAX_SCALE);
    }

    /// The volume a step up (`dir` 1) or down (−1), within 0–100.
    pub fn step_volume(&mut self, dir: i32) {
        let v = self.volume.min(100) as i32 + dir * VOLUME_STEP as i32;
        self.volume = v.clamp(0, 100) as u32;
    }

    /// The UI scale in force: on a touch screen never below 100 %, so that every button stays
    /// a finger's size.
    pub fn effective_scale(&self, touch: bool) -> f32 {
        let p = self.ui_scale.clamp(MIN_SCALE, MAX_SCALE);
        let p = if touch { p.max(100) } else { p };
        p as f32 / 100.0
    }
}

/// Where the settings live: `$BAYONET_CONFIG`, else `$XDG_CONFIG_HOME/bayonet/settings.ron`,
/// else `~/.config/bayonet/settings.ron`. `None` when no home is known (nothing is saved).
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct SettingsFile(pub Option<std::path::PathBuf>);

impl SettingsFile {
    pub fn from_env() -> SettingsFile {
        // In the browser: the page's local storage, under this name.
        if cfg!(target_arch = "wasm32") {
            return SettingsFile(Some("bayonet-settings.ron".into()));
        }
        let path = crate::places::settings_file();
        SettingsFile(path)
    }
}

/// Reads settings text; the error names the file, the line and what was expected.
pub fn parse(file: &str, text: &str) -> Result<Settings, String> {
    crate::rules::scenario::ron_options()
        .from_str::<Settings>(text)
        .map_err(|e| {
            format!(
                "{file}:{}:{}: {}",
                e.span.start.line, e.span.start.col, e.code
            )
        })
}

/// The settings saved in `file` (the defaults when there are none), and what was wrong with
/// the file if it could not be read as settings.
pub fn load(file: &SettingsFile) -> (Settings, Option<String>) {
    let read = |p: &std::path::PathBuf| {
        let dir = p.parent().unwrap_or(std::path::Path::new("."));
        let name = p.file_name().map(|n| n.to_string_lossy().to_string());
        super::store::read(dir, &name.unwrap_or_default())
    };
    match file.0.as_ref().map(|p| (p, read(p))) {
        Some((p, Ok(text))) => match parse(&p.to_string_lossy(), &text) {
            Ok(s) => (s, None),
            Err(why) => (
                Settings::default(),
                Some(format!("Settings ignored, defaults used: {why}")),
            ),
        },
        _ => (Settings::default(), None),
    }
}

/// Whether a touch screen has been used in this run.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct TouchSeen(pub bool);

pub(crate) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<SettingsFile>() {
        app.insert_resource(SettingsFile::from_env());
    }
    let file = app.world().resource::<SettingsFile>().clone();
    let (settings, problem) = load(&file);
    app.insert_resource(settings)
        .insert_resource(Problem(problem))
        .init_resource::<TouchSeen>()
        .add_systems(Startup, report_problem)
        .add_systems(Update, (notice_touch, apply_scale, remember).chain());
}

/// What was wrong with the settings file, for the log.
#[derive(Resource, Debug, Default)]
struct Problem(Option<String>);

fn report_problem(mut problem: ResMut<Problem>, mut notices: MessageWriter<super::notice::Notice>) {
    if let Some(p) = problem.0.take() {
        warn!("{p}");
        notices.write(super::notice::Notice(p));
    }
}

fn notice_touch(touches: Res<Touches>, mut seen: ResMut<TouchSeen>) {
    if !seen.0 && touches.iter().next().is_some() {
        seen.0 = true;
    }
}

fn apply_scale(settings: Res<Settings>, seen: Res<TouchSeen>, scale: Option<ResMut<UiScale>>) {
    let Some(mut scale) = scale else { return };
    let want = settings.effective_scale(seen.0);
    if scale.0 != want {
        scale.0 = want;
    }
}

/// Writes the settings when they change (atomically: a temporary file renamed over it).
fn remember(settings: Res<Settings>, file: Res<SettingsFile>) {
    if !settings.is_changed() || settings.is_added() {
        return;
    }
    let Some(path) = &file.0 else { return };
    let text = ron::ser::to_string_pretty(&*settings, Default::default()).unwrap_or_default();
    let dir = path.parent().unwrap_or(std::path::Path::new("."));
    let name = path.file_name().map(|n| n.to_string_lossy().to_string());
    if let Err(e) = super::store::write(dir, &name.unwrap_or_default(), &text) {
        warn!("could not save the settings: {e}");
    }
}

/// How elevation is drawn (a setting): each level a band of its own, or shading alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub enum Relief {
    /// The series' convention: every level its own band, the bands alternating warm and cool
    /// so that two neighbouring levels never read as one, over the level's brightness and the
    /// hill-shade: a hill is a shape at every zoom (issue 59: Fleetwood Hill read as soft
    /// stripes far out).
    #[default]
    Bands,
    /// The level's brightness and the hill-shade only.
    Shaded,
}

impl Relief {
    pub fn name(self) -> &'static str {
        match self {
            Relief::Bands => "contour bands",
            Relief::Shaded => "shading",
        }
    }
}
