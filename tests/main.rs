//! The headless integration tests, in one binary (each test binary links Bevy).

mod common;

mod accounts;
mod after_action;
mod ai;
mod aids;
mod battle_plan;
mod brigade_move;
mod campaign;
mod cli;
mod club;
mod combat;
mod command;
mod dispatch;
mod editor;
mod facing;
mod fire;
mod fog;
mod fog_seat;
mod game;
mod historical;
mod library;
mod map;
mod melee_austerlitz;
mod melee_bodenstedt;
mod melee_impetus;
mod melee_labataille;
mod melee_odds;
mod melee_resolution;
mod melee_restrictions;
mod melee_strengths;
mod movement;
mod orders;
mod places;
mod planner;
mod reinforcements;
mod replays;
mod saves;
mod scenario_checks;
mod scenario_loading;
mod serve;
mod serve_guard;
mod shared;
mod sight;
mod sight_lines;
mod sim_melee;
mod structure;
mod turn_rules;
mod turn_start;
mod undo;
mod unit;
mod victory;
mod words;

#[cfg(feature = "client")]
mod aids_input;
#[cfg(feature = "client")]
mod command_window;
#[cfg(feature = "client")]
mod editor_input;
#[cfg(feature = "client")]
mod end_screen;
#[cfg(feature = "client")]
mod fog_window;
#[cfg(feature = "client")]
mod gesture;
#[cfg(feature = "client")]
mod help_keys;
#[cfg(feature = "client")]
mod input;
mod lesson_scripts;
#[cfg(feature = "client")]
mod lessons;
#[cfg(feature = "client")]
mod navigation;
#[cfg(feature = "client")]
mod online;
#[cfg(feature = "client")]
mod rig;
#[cfg(feature = "client")]
mod screen;
#[cfg(feature = "client")]
mod screenshot;
#[cfg(feature = "client")]
mod show;
#[cfg(feature = "client")]
mod sound;
