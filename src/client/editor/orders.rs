//! The inspector's section on the commander's intent: who attacks, and the scenario's orders
//! to its computer, each a row of side, formation, mission, objective and turns.

use bevy::prelude::*;

use super::tools::{Act, FieldLabel, Property, button, text};
use crate::client::theme::widget;
use crate::editor::intent::{self, OrderField};
use crate::editor::{Document, Edit};

/// The section: the battle's action, each order, and a button to add one for each side.
pub(super) fn fields(p: &mut ChildSpawnerCommands, doc: &Document) {
    p.spawn(text("Commander's intent (the computer's orders)", 13.0));
    p.spawn(crate::client::theme::palette::dim_text(
        "What each side's computer is there to do; it weighs them against the board. \
         Without orders it decides alone.",
        12.0,
    ));
    field(p, Property::Action);
    for i in 0..doc.file.intent.len() as u16 {
        p.spawn(widget::column(2.0)).with_children(|order| {
            for pair in [
                [OrderField::Side, OrderField::Formation],
                [OrderField::Mission, OrderField::Objective],
            ] {
                order.spawn(widget::wrap()).with_children(|row| {
                    for f in pair {
                        field(row, Property::Order(i, f));
                    }
                });
            }
            order.spawn(widget::wrap()).with_children(|row| {
                for f in [OrderField::From, OrderField::Until] {
                    row.spawn(button(Act::Step(Property::Order(i, f), -1)))
                        .with_children(|b| {
                            b.spawn(text(" - ", 13.0));
                        });
                    field(row, Property::Order(i, f));
                }
                row.spawn(button(Act::DeleteOrder(i))).with_children(|b| {
                    b.spawn(text("Remove", 13.0));
                });
            });
        });
    }
    p.spawn(Node::default()).with_children(|row| {
        for side in 0..2u8 {
            let name = doc
                .file
                .sides
                .get(side as usize)
                .map_or("?".into(), |s| s.name.clone());
            row.spawn(button(Act::AddOrder(side))).with_children(|b| {
                b.spawn(text(format!("+ order ({name})"), 13.0));
            });
        }
    });
}

/// A button whose text is the field's; a press steps it on.
fn field(p: &mut ChildSpawnerCommands, f: Property) {
    p.spawn(button(Act::Step(f, 1))).with_children(|b| {
        b.spawn((FieldLabel(f), text("", 13.0)));
    });
}

/// Steps the action or an order's field; `None` for another field.
pub(super) fn step(doc: &mut Document, f: Property, d: i32) -> Option<Result<bool, String>> {
    match f {
        Property::Action => Some(doc.apply(Edit::Action(intent::next_action(doc.file.action, d)))),
        Property::Order(i, field) => {
            let order = doc.file.intent.get(i as usize)?;
            let order = intent::step(&doc.file, order, field, d);
            Some(doc.apply(Edit::Intent {
                index: i as usize,
                order: Some(order),
            }))
        }
        _ => None,
    }
}

/// The text of the action or an order's field; `None` for another field.
pub(super) fn shown(doc: &Document, f: Property) -> Option<String> {
    match f {
        Property::Action => Some(intent::action_shown(&doc.file)),
        Property::Order(i, field) => Some(
            doc.file
                .intent
                .get(i as usize)
                .map_or(String::new(), |o| intent::shown(&doc.file, o, field)),
        ),
        _ => None,
    }
}

/// A new order for `side`, at the end.
pub(super) fn add(doc: &mut Document, side: u8) -> Result<bool, String> {
    let order = intent::new_order(&doc.file, side);
    doc.apply(Edit::Intent {
        index: doc.file.intent.len(),
        order: Some(order),
    })
}

pub(super) fn remove(doc: &mut Document, i: u16) -> Result<bool, String> {
    doc.apply(Edit::Intent {
        index: i as usize,
        order: None,
    })
}
