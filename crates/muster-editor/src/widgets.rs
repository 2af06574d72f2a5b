//! Small widgets every panel uses: a button that shows whether its choice is in force,
//! and a tooltip.

use iced::widget::{button, container, text, tooltip};
use iced::Element;

/// `content` with a tooltip that appears on hover.
pub fn with_tip<'a, M: 'a>(content: impl Into<Element<'a, M>>, tip: &'a str) -> Element<'a, M> {
    tooltip(
        content,
        container(text(tip).size(12))
            .padding(6)
            .max_width(320)
            .style(container::rounded_box),
        tooltip::Position::Bottom,
    )
    .into()
}

/// A button that shows whether its choice is the one in force.
pub fn choice<'a, M: Clone + 'a>(
    label: impl Into<String>,
    size: u32,
    chosen: bool,
    message: M,
) -> button::Button<'a, M> {
    button(text(label.into()).size(size))
        .padding([2, 6])
        .on_press(message)
        .style(if chosen {
            button::primary
        } else {
            button::secondary
        })
}
