//! A window-less game driven by real input messages (mouse, touch, keys) through the window's
//! input path: what the input and aids tests share.

#![allow(dead_code)]

use std::time::Duration;

use bayonet::client::map::layout::MapLayout;
use bayonet::rules::map::Coord;
use bayonet::rules::scenario::{Scenario, parse};
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input::mouse::MouseButtonInput;
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy::window::PrimaryWindow;

/// A field where two Union hexes can attack one Confederate hex, and one cannot (a creek).
pub fn field() -> Scenario {
    let text = include_str!("../maps/test_melee.ron").replace(
        "(id: 6, name: \"Union cavalry\"",
        "(id: 7, name: \"Union reserve\", side: 0, brigade: \"U\", kind: Infantry, at: (5, 5), facing: N, men: 200, quality: C),\n        (id: 6, name: \"Union cavalry\"",
    );
    parse("test_melee.ron", &text).unwrap()
}

pub struct Rig {
    pub app: App,
    pub window: Entity,
    pub s: Scenario,
}

impl Rig {
    pub fn new() -> Rig {
        Rig::on(
            field(),
            bayonet::client::theme::settings::SettingsFile(None),
        )
    }

    /// A rig on `s`, keeping its interface settings in `settings`.
    pub fn on(s: Scenario, settings: bayonet::client::theme::settings::SettingsFile) -> Rig {
        let app =
            bayonet::client::windowless_app_with(s.clone(), bayonet::client::headless, settings);
        Rig::around(app, s)
    }

    /// A rig on `s` with `plugins` of the client.
    pub fn with_plugins(s: Scenario, plugins: fn(&mut App)) -> Rig {
        let app = bayonet::client::windowless_app_with(
            s.clone(),
            plugins,
            bayonet::client::theme::settings::SettingsFile(None),
        );
        Rig::around(app, s)
    }

    /// A rig on lesson `n` of the boot camp, as `bayonet lesson N` opens it, its settings kept
    /// in `settings`.
    pub fn lesson(n: usize, settings: bayonet::client::theme::settings::SettingsFile) -> Rig {
        let (_, s) = bayonet::lesson::open(n).expect("the lesson opens");
        let mut app =
            bayonet::client::windowless_app_with(s.clone(), bayonet::client::headless, settings);
        bayonet::client::lesson::panel::install(&mut app, n);
        Rig::around(app, s)
    }

    /// A rig on the scenario editor, editing `doc`.
    pub fn editor(doc: bayonet::editor::Document) -> Rig {
        let s = doc.check().0.expect("the document builds");
        Rig::around(bayonet::client::editor::windowless(doc), s)
    }

    /// A rig around a window-less app: time steps of 0.1 s, one frame run.
    fn around(mut app: App, s: Scenario) -> Rig {
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            100,
        )));
        app.update();
        let window = app
            .world_mut()
            .query_filtered::<Entity, With<PrimaryWindow>>()
            .single(app.world())
            .unwrap();
        Rig { app, window, s }
    }

    /// Text typed on the keyboard, then Enter.
    pub fn type_line(&mut self, line: &str) {
        let window = self.window;
        for c in line.chars() {
            let logical_key = if c == ' ' {
                Key::Space
            } else {
                Key::Character(c.to_string().into())
            };
            for state in [ButtonState::Pressed, ButtonState::Released] {
                self.app.world_mut().write_message(KeyboardInput {
                    key_code: KeyCode::KeyA,
                    logical_key: logical_key.clone(),
                    state,
                    text: None,
                    repeat: false,
                    window,
                });
            }
            self.frames(1);
        }
        for state in [ButtonState::Pressed, ButtonState::Released] {
            self.app.world_mut().write_message(KeyboardInput {
                key_code: KeyCode::Enter,
                logical_key: Key::Enter,
                state,
                text: None,
                repeat: false,
                window,
            });
            self.frames(1);
        }
    }

    /// Where a hex is on the screen (the camera sits at the world origin, scale 1).
    pub fn screen(&self, col: i32, row: i32) -> Vec2 {
        let w = self
            .app
            .world()
            .resource::<MapLayout>()
            .center(self.s.map.hex_at(Coord { col, row }));
        // Where the map camera looks (at the origin unless a test moved it), at scale 1.
        let cam = self.camera();
        Vec2::new(640.0 + w.x - cam.x, 400.0 - (w.y - cam.y))
    }

    /// The map camera's place in the world.
    pub fn camera(&self) -> Vec2 {
        let mut world = self
            .app
            .world()
            .try_query_filtered::<&Transform, With<bayonet::client::map::camera::MapCamera>>();
        world
            .as_mut()
            .and_then(|q| {
                q.iter(self.app.world())
                    .next()
                    .map(|t| t.translation.truncate())
            })
            .unwrap_or(Vec2::ZERO)
    }

    /// The map camera moved to look at hex `col,row`.
    pub fn look_at(&mut self, col: i32, row: i32) {
        let w = self
            .app
            .world()
            .resource::<MapLayout>()
            .center(self.s.map.hex_at(Coord { col, row }));
        let mut q = self
            .app
            .world_mut()
            .query_filtered::<&mut Transform, With<bayonet::client::map::camera::MapCamera>>();
        for mut t in q.iter_mut(self.app.world_mut()) {
            t.translation.x = w.x;
            t.translation.y = w.y;
        }
    }

    pub fn cursor(&mut self, at: Vec2) {
        let w = self.window;
        self.app
            .world_mut()
            .get_mut::<Window>(w)
            .unwrap()
            .set_cursor_position(Some(at));
    }

    pub fn mouse(&mut self, state: ButtonState) {
        let window = self.window;
        self.app.world_mut().write_message(MouseButtonInput {
            button: MouseButton::Left,
            state,
            window,
        });
    }

    pub fn touch(&mut self, phase: TouchPhase, position: Vec2) {
        let window = self.window;
        self.app.world_mut().write_message(TouchInput {
            phase,
            position,
            window,
            force: None,
            id: 7,
        });
    }

    pub fn key(&mut self, key_code: KeyCode, state: ButtonState) {
        let window = self.window;
        self.app.world_mut().write_message(KeyboardInput {
            key_code,
            logical_key: Key::Character("r".into()),
            state,
            text: None,
            repeat: false,
            window,
        });
    }

    pub fn frames(&mut self, n: usize) {
        for _ in 0..n {
            self.app.update();
        }
    }

    pub fn read<M: Message + Clone>(&self) -> Vec<M> {
        let m = self.app.world().resource::<Messages<M>>();
        m.get_cursor().read(m).cloned().collect()
    }

    /// The events of kind `K` the game published in the last two frames, in order.
    pub fn events<K: bayonet::sim::Kind + Clone>(&self) -> Vec<K> {
        self.read::<bayonet::sim::Happened>()
            .iter()
            .filter_map(|h| h.0.kind::<K>().cloned())
            .collect()
    }

    pub fn mouse_drag(&mut self, from: (i32, i32), to: (i32, i32)) {
        self.mouse_drag_over(from, to);
        self.mouse(ButtonState::Released);
        self.frames(2);
    }

    /// A mouse drag from one hex to another, the button still held.
    pub fn mouse_drag_over(&mut self, from: (i32, i32), to: (i32, i32)) {
        let (a, b) = (self.screen(from.0, from.1), self.screen(to.0, to.1));
        self.cursor(a);
        self.frames(1);
        self.mouse(ButtonState::Pressed);
        self.frames(1);
        self.cursor(a.lerp(b, 0.5));
        self.frames(1);
        self.cursor(b);
        self.frames(1);
    }

    /// A key tapped: pressed one frame, released the next.
    pub fn tap_key(&mut self, key: KeyCode) {
        self.key(key, ButtonState::Pressed);
        self.frames(1);
        self.key(key, ButtonState::Released);
        self.frames(1);
    }

    /// A mouse click on a hex (press and release a frame apart).
    pub fn click(&mut self, col: i32, row: i32) {
        let p = self.screen(col, row);
        self.cursor(p);
        self.frames(1);
        self.mouse(ButtonState::Pressed);
        self.frames(1);
        self.mouse(ButtonState::Released);
        self.frames(2);
    }

    /// A finger put down at `from`, held still `hold` frames, drawn to `to` in two moves and
    /// lifted.
    pub fn touch_drag(&mut self, from: Vec2, to: Vec2, hold: usize) {
        self.touch(TouchPhase::Started, from);
        self.frames(hold);
        self.touch(TouchPhase::Moved, from.lerp(to, 0.5));
        self.frames(1);
        self.touch(TouchPhase::Moved, to);
        self.frames(1);
        self.touch(TouchPhase::Ended, to);
        self.frames(2);
    }

    /// A short touch on a hex (a tap).
    pub fn touch_tap(&mut self, col: i32, row: i32) {
        let p = self.screen(col, row);
        self.touch(TouchPhase::Started, p);
        self.frames(1);
        self.touch(TouchPhase::Ended, p);
        self.frames(2);
    }

    /// A button pressed as bevy's UI focus system marks it under a click or a tap (the UI's
    /// layout needs the renderer, so the press is marked here; Xvfb checks the real thing).
    pub fn press<C: Component + PartialEq>(&mut self, which: C) {
        let mut q = self.app.world_mut().query::<(&C, &mut Interaction)>();
        let mut found = false;
        for (c, mut i) in q.iter_mut(self.app.world_mut()) {
            if *c == which {
                *i = Interaction::Pressed;
                found = true;
            }
        }
        assert!(found, "no such button");
        self.frames(1);
        let mut q = self.app.world_mut().query::<&mut Interaction>();
        for mut i in q.iter_mut(self.app.world_mut()) {
            *i = Interaction::None;
        }
        self.frames(1);
    }

    pub fn res<R: Resource>(&self) -> &R {
        self.app.world().resource::<R>()
    }
}
