//! The byte streams under the server: lsp-server's [`Connection`] (a pair of channels of
//! its `Message`s) fed by a reader thread of our own, [`crate::frame`], instead of
//! lsp-server's, whose reader panics, aborts or ends the session on hostile frames (issue
//! 27, review F9). A writer thread sends the server's messages; the reader answers the
//! frames it rejects itself (their error responses may carry a null id, which
//! lsp-server's `Response` cannot), so the two share the output under a lock.

use crate::frame::{write_frame, Frame, FrameReader};
use crossbeam_channel::{bounded, Sender};
use lsp_server::{Connection, Message};
use std::io::{self, BufRead, Write};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::{self, JoinHandle};

/// The reader and writer threads of a connection.
#[derive(Debug)]
pub struct IoThreads {
    reader: JoinHandle<io::Result<()>>,
    writer: JoinHandle<io::Result<()>>,
}

impl IoThreads {
    /// Waits for both threads (the reader ends at `exit` or at the end of the input, the
    /// writer once the connection is dropped) and returns the first I/O error either met.
    pub fn join(self) -> io::Result<()> {
        let reader = self.reader.join();
        let writer = self.writer.join();
        for outcome in [reader, writer] {
            outcome
                .map_err(|_| io::Error::other("an I/O thread of the language server panicked"))??;
        }
        Ok(())
    }
}

/// A connection reading frames from `input` and writing to `output`.
pub fn connect<R, W>(input: R, output: W) -> io::Result<(Connection, IoThreads)>
where
    R: BufRead + Send + 'static,
    W: Write + Send + 'static,
{
    let output = Arc::new(Mutex::new(output));
    // Rendezvous channels, as lsp-server's: a client flooding the server waits on it
    // instead of queueing messages in memory.
    let (to_server, from_client) = bounded::<Message>(0);
    let (to_client, from_server) = bounded::<Message>(0);
    let out = Arc::clone(&output);
    let writer = thread::Builder::new()
        .name("muster-lsp-writer".into())
        .spawn(move || {
            for msg in from_server {
                msg.write(&mut *lock(&out))?;
            }
            Ok(())
        })?;
    let reader = thread::Builder::new()
        .name("muster-lsp-reader".into())
        .spawn(move || read_loop(input, &output, &to_server))?;
    let conn = Connection {
        sender: to_client,
        receiver: from_client,
    };
    Ok((conn, IoThreads { reader, writer }))
}

/// The output, even if a thread panicked while holding it (a frame is written whole or
/// the stream is broken anyway).
fn lock<W>(output: &Mutex<W>) -> MutexGuard<'_, W> {
    output.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Passes messages to the server and answers rejected frames, until `exit`, the end of
/// the input, or the server stops listening.
fn read_loop<R: BufRead, W: Write>(
    input: R,
    output: &Mutex<W>,
    to_server: &Sender<Message>,
) -> io::Result<()> {
    let mut frames = FrameReader::new(input);
    while let Some(frame) = frames.next_frame()? {
        match frame {
            Frame::Message(msg) => {
                let exit = matches!(&msg, Message::Notification(n) if n.method == "exit");
                if to_server.send(msg).is_err() || exit {
                    break;
                }
            }
            Frame::Rejected(r) => {
                eprintln!(
                    "muster lsp: answered a bad message with an error: {}",
                    r.message
                );
                write_frame(&mut *lock(output), &r.response())?;
            }
        }
    }
    Ok(())
}
