//! The bottom-right dock: the rows of buttons (toolbar at the bottom, the unit's actions, the
//! Command menu, End phase), each wrapping onto more lines when the window is narrow, so that
//! no button ever lies under another or under the log.

use bevy::prelude::*;

/// One row of the dock, 0 at the bottom: the toolbar (0), the unit's actions (1), the Command
/// menu (2), End phase (3).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct DockRow(pub u8);

pub const ROWS: u8 = 4;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, spawn);
}

fn spawn(mut commands: Commands) {
    commands
        .spawn(Node {
            position_type: PositionType::Absolute,
            bottom: Val::Px(8.0),
            right: Val::Px(8.0),
            // The log takes the left of the bottom edge.
            max_width: Val::Percent(56.0),
            flex_direction: FlexDirection::ColumnReverse,
            align_items: AlignItems::FlexEnd,
            row_gap: Val::Px(6.0),
            ..default()
        })
        .with_children(|dock| {
            for r in 0..ROWS {
                dock.spawn((
                    DockRow(r),
                    Node {
                        flex_wrap: FlexWrap::Wrap,
                        justify_content: JustifyContent::FlexEnd,
                        column_gap: Val::Px(6.0),
                        row_gap: Val::Px(6.0),
                        ..default()
                    },
                ));
            }
        });
}
