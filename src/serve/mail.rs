//! E-mail through the operator's SMTP relay (RFC 5321, plain, as a relay on the same machine or
//! its private network takes it): a notification in plain text and HTML, with the game's link,
//! its Message-ID made of the outbox's id so that a receiver can tell a message sent again.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

/// Why a notification did not go, in the operator's words.
#[derive(Debug)]
pub struct Undelivered(pub String);

/// One message.
pub struct Mail<'a> {
    pub from: &'a str,
    pub to: &'a str,
    pub subject: &'a str,
    pub text: &'a str,
    pub link: &'a str,
    pub id: &'a str,
}

/// Whether a player's `address` may be written after `RCPT TO:` and in a header: one `@`,
/// something on both sides, a domain with a dot, nothing that ends a line or a field.
pub fn address_ok(address: &str) -> bool {
    sender_ok(address) && address.split('@').nth(1).is_some_and(|d| d.contains('.'))
}

/// Whether the server's own `--mail-from` may head a message: as a player's address, but its
/// domain may be a single name (`bayonet@localhost`, the default, for a relay on this machine:
/// it failed the players' check and every e-mail was retried for ever, issue 77, item 3).
pub fn sender_ok(address: &str) -> bool {
    let parts: Vec<&str> = address.split('@').collect();
    address.len() <= 254
        && parts.len() == 2
        && !parts[0].is_empty()
        && !parts[1].is_empty()
        && !address
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || "<>,;\"()[]\\".contains(c))
}

fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// The message's text as DATA carries it: headers, a plain and an HTML part, lines ending in
/// CRLF, a line that begins with a dot doubled (RFC 5321 §4.5.2).
pub fn message(m: &Mail) -> String {
    let boundary = format!("bayonet-{}", crate::rules::fnv::hex(m.id));
    let msgid: String =
        m.id.chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '.' })
            .collect();
    let html = format!(
        "<html><body><p>{}</p><p><a href=\"{}\">Open the game</a></p></body></html>",
        crate::after_action::page::escape(m.text).replace('\n', "<br>"),
        crate::after_action::page::escape(m.link)
    );
    let text = format!("{}\n\n{}\n", m.text, m.link);
    let whole = format!(
        "From: Bayonet <{from}>\nTo: <{to}>\nSubject: {subject}\nMessage-ID: <{msgid}@bayonet>\nMIME-Version: 1.0\nContent-Type: multipart/alternative; boundary=\"{boundary}\"\n\n--{boundary}\nContent-Type: text/plain; charset=utf-8\n\n{text}\n--{boundary}\nContent-Type: text/html; charset=utf-8\n\n{html}\n--{boundary}--\n",
        from = one_line(m.from),
        to = one_line(m.to),
        subject = one_line(m.subject),
    );
    whole
        .lines()
        .map(|l| {
            if l.starts_with('.') {
                format!(".{l}\r\n")
            } else {
                format!("{l}\r\n")
            }
        })
        .collect()
}

/// Reads one reply (its continuation lines too) and checks its code begins with `want`.
fn reply(r: &mut impl BufRead, want: char, what: &str) -> Result<(), Undelivered> {
    loop {
        let mut line = String::new();
        let n = r
            .read_line(&mut line)
            .map_err(|e| Undelivered(format!("the relay stopped answering after {what}: {e}")))?;
        if n == 0 {
            return Err(Undelivered(format!(
                "the relay closed the line after {what}"
            )));
        }
        if line.len() < 4 || !line.starts_with(want) {
            return Err(Undelivered(format!(
                "the relay refused {what}: {}",
                line.trim_end()
            )));
        }
        if line.as_bytes()[3] != b'-' {
            return Ok(());
        }
    }
}

/// Sends `m` through the relay at `relay` (`HOST:PORT`).
pub fn send(relay: &str, m: &Mail) -> Result<(), Undelivered> {
    if !address_ok(m.to) || !sender_ok(m.from) {
        return Err(Undelivered(format!(
            "not an address an e-mail can go to or come from: {}",
            if address_ok(m.to) { m.from } else { m.to }
        )));
    }
    let addr = relay
        .to_socket_addrs()
        .ok()
        .and_then(|mut a| a.next())
        .ok_or_else(|| Undelivered(format!("the relay {relay} is no address")))?;
    let stream = TcpStream::connect_timeout(&addr, Duration::from_secs(10))
        .map_err(|e| Undelivered(format!("the relay {relay} could not be reached: {e}")))?;
    let _ = stream.set_read_timeout(Some(Duration::from_secs(20)));
    let _ = stream.set_write_timeout(Some(Duration::from_secs(20)));
    let mut w = stream
        .try_clone()
        .map_err(|e| Undelivered(format!("the relay's line: {e}")))?;
    let mut r = BufReader::new(stream);
    let say = |w: &mut TcpStream, text: &str| {
        w.write_all(text.as_bytes())
            .map_err(|e| Undelivered(format!("the relay's line broke: {e}")))
    };
    reply(&mut r, '2', "the greeting")?;
    say(&mut w, "EHLO bayonet\r\n")?;
    reply(&mut r, '2', "EHLO")?;
    say(&mut w, &format!("MAIL FROM:<{}>\r\n", m.from))?;
    reply(&mut r, '2', "the sender")?;
    say(&mut w, &format!("RCPT TO:<{}>\r\n", m.to))?;
    reply(&mut r, '2', "the recipient")?;
    say(&mut w, "DATA\r\n")?;
    reply(&mut r, '3', "DATA")?;
    say(&mut w, &message(m))?;
    say(&mut w, ".\r\n")?;
    reply(&mut r, '2', "the message")?;
    let _ = say(&mut w, "QUIT\r\n");
    Ok(())
}
