//! SVG pictures of boards: light and dark squares, file letters and rank numbers, and what
//! stands on the board (queens, numbers, a knight's path). Plain text, no system libraries.

use crate::exit::{bad, io_reason, Failure};
use queens::square::file_name;
use queens::Square;
use std::fmt::Write as _;
use std::fs::{File, OpenOptions};
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};

const CELL: f64 = 40.0;
const MARGIN: f64 = 24.0;
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";

/// A board picture under construction.
pub struct Picture {
    cols: usize,
    rows: usize,
    body: String,
}

impl Picture {
    pub fn new(cols: usize, rows: usize) -> Picture {
        Picture {
            cols,
            rows,
            body: String::new(),
        }
    }

    /// The centre of a square in picture coordinates (rank 1 at the bottom).
    fn centre(&self, s: Square) -> (f64, f64) {
        (
            MARGIN + (s.col as f64 + 0.5) * CELL,
            MARGIN + (self.rows as f64 - s.row as f64 - 0.5) * CELL,
        )
    }

    /// Draws a queen (a crown on a base) on a square.
    pub fn queen(&mut self, s: Square) {
        let (x, y) = self.centre(s);
        let u = CELL / 40.0;
        let p = |dx: f64, dy: f64| format!("{:.1},{:.1}", x + dx * u, y + dy * u);
        let crown = [
            p(-13.0, 10.0),
            p(-15.0, -8.0),
            p(-8.0, 1.0),
            p(-6.0, -12.0),
            p(0.0, 0.0),
            p(6.0, -12.0),
            p(8.0, 1.0),
            p(15.0, -8.0),
            p(13.0, 10.0),
        ]
        .join(" ");
        let _ = write!(
            self.body,
            r##"<g class="queen"><polygon points="{crown}" fill="#222" stroke="#fff" stroke-width="{w:.1}"/><rect x="{bx:.1}" y="{by:.1}" width="{bw:.1}" height="{bh:.1}" rx="{r:.1}" fill="#222" stroke="#fff" stroke-width="{w:.1}"/></g>"##,
            w = 1.2 * u,
            bx = x - 14.0 * u,
            by = y + 10.0 * u,
            bw = 28.0 * u,
            bh = 5.0 * u,
            r = 1.5 * u,
        );
        self.body.push('\n');
    }

    /// Writes a short text (a move number, say) in the middle of a square, on a light disc
    /// so that a path drawn through the square does not hide it.
    pub fn label(&mut self, s: Square, text: &str) {
        let (x, y) = self.centre(s);
        let _ = writeln!(
            self.body,
            r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="#fff" fill-opacity="0.85"/><text x="{x:.1}" y="{y:.1}" font-size="{:.1}" text-anchor="middle" dominant-baseline="central" font-family="sans-serif" font-weight="bold" fill="#111">{text}</text>"##,
            CELL * 0.3,
            CELL * 0.36
        );
    }

    /// A disc of `colour` (any SVG colour) with a short text on it: the pieces of several
    /// placements drawn on one board, told apart by colour and letter.
    pub fn token(&mut self, s: Square, colour: &str, text: &str) {
        let (x, y) = self.centre(s);
        let _ = writeln!(
            self.body,
            r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{colour}" stroke="#222" stroke-width="1"/><text x="{x:.1}" y="{y:.1}" font-size="{:.1}" text-anchor="middle" dominant-baseline="central" font-family="sans-serif" font-weight="bold" fill="#fff">{text}</text>"##,
            CELL * 0.4,
            CELL * 0.36
        );
    }

    /// Draws a path through the centres of the squares, with dots at both ends.
    pub fn path(&mut self, squares: &[Square], closed: bool) {
        if squares.is_empty() {
            return;
        }
        let mut points: Vec<String> = squares
            .iter()
            .map(|&s| {
                let (x, y) = self.centre(s);
                format!("{x:.1},{y:.1}")
            })
            .collect();
        if closed {
            points.push(points[0].clone());
        }
        let _ = writeln!(
            self.body,
            r##"<polyline points="{}" fill="none" stroke="#1f4e9c" stroke-width="{:.1}" stroke-linejoin="round" stroke-opacity="0.85"/>"##,
            points.join(" "),
            CELL * 0.06
        );
        for (s, colour) in [
            (squares[0], "#2a9d3a"),
            (squares[squares.len() - 1], "#c0392b"),
        ] {
            let (x, y) = self.centre(s);
            let _ = writeln!(
                self.body,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{colour}"/>"##,
                CELL * 0.15
            );
        }
    }

    /// The finished SVG document.
    pub fn render(&self) -> String {
        let (w, h) = (
            2.0 * MARGIN + self.cols as f64 * CELL,
            2.0 * MARGIN + self.rows as f64 * CELL,
        );
        let mut s = String::new();
        let _ = writeln!(
            s,
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.0} {h:.0}">"##
        );
        let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#fff"/>"##);
        for row in 0..self.rows {
            for col in 0..self.cols {
                let dark = (row + col) % 2 == 0; // a1 is dark
                let x = MARGIN + col as f64 * CELL;
                let y = MARGIN + (self.rows - 1 - row) as f64 * CELL;
                let _ = writeln!(
                    s,
                    r##"<rect x="{x:.1}" y="{y:.1}" width="{CELL}" height="{CELL}" fill="{}"/>"##,
                    if dark { DARK } else { LIGHT }
                );
            }
        }
        let font = MARGIN * 0.5;
        for col in 0..self.cols {
            let x = MARGIN + (col as f64 + 0.5) * CELL;
            for y in [MARGIN * 0.5, h - MARGIN * 0.5] {
                let _ = writeln!(
                    s,
                    r##"<text x="{x:.1}" y="{y:.1}" font-size="{font:.1}" text-anchor="middle" dominant-baseline="central" font-family="sans-serif" fill="#555">{}</text>"##,
                    file_name(col as u32)
                );
            }
        }
        for row in 0..self.rows {
            let y = MARGIN + (self.rows - row) as f64 * CELL - CELL * 0.5;
            for x in [MARGIN * 0.5, w - MARGIN * 0.5] {
                let _ = writeln!(
                    s,
                    r##"<text x="{x:.1}" y="{y:.1}" font-size="{font:.1}" text-anchor="middle" dominant-baseline="central" font-family="sans-serif" fill="#555">{}</text>"##,
                    row + 1
                );
            }
        }
        s.push_str(&self.body);
        s.push_str("</svg>\n");
        s
    }
}

/// The one parser of `--svg FILE`: a file name; `-` is refused (the picture goes to a file,
/// beside the text on standard output).
pub fn path(text: &str) -> Result<std::path::PathBuf, String> {
    match text {
        "-" => Err(
            "--svg writes a picture to a file beside the text on standard output: give a file name such as board.svg, not '-'".into(),
        ),
        "" => Err("--svg needs a file name, such as board.svg".into()),
        _ => Ok(text.into()),
    }
}

/// Writes an SVG document to the file `path`, whole or not at all (see [`replace`]).
pub fn write(path: &Path, svg: &str) -> crate::exit::Result<()> {
    replace(path, |file| file.write_all(svg.as_bytes()))
}

/// Writes the file `path` whole or not at all: `fill` writes into a new file beside it, which
/// is renamed over `path` only once every byte is written and on the disk, so that a failed
/// write (a full disk) leaves neither an empty nor a cut file, and a file already there as it
/// was. Through a symbolic link the file it names is replaced; a path that is no regular file
/// (a device such as `/dev/stdout`, a pipe) is written in place. A path that cannot be
/// created is bad input, a failure while writing a failed write; both name the file.
pub fn replace(
    path: &Path,
    fill: impl FnOnce(&mut File) -> io::Result<()>,
) -> crate::exit::Result<()> {
    let shown = path.display();
    let cannot_create = |e: &io::Error| bad(format!("cannot create '{shown}': {}", io_reason(e)));
    let failed = |e: io::Error| {
        Failure::Write(io::Error::new(
            e.kind(),
            format!("'{shown}': {}", io_reason(&e)),
        ))
    };
    let existing = std::fs::metadata(path).ok();
    let target = match &existing {
        Some(m) if m.is_dir() => {
            return Err(bad(format!(
                "cannot create '{shown}': it is a folder, expected a file"
            )))
        }
        Some(m) if !m.is_file() => {
            let mut file = File::create(path).map_err(|e| cannot_create(&e))?;
            return fill(&mut file).map_err(failed);
        }
        Some(_) => std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()),
        None => path.to_path_buf(),
    };
    let (temporary, mut file) = create_beside(&target).map_err(|e| cannot_create(&e))?;
    if let Some(m) = existing {
        // The picture replaces the file with its permissions; failing that, the defaults.
        let _ = file.set_permissions(m.permissions());
    }
    let written = fill(&mut file)
        .and_then(|()| file.sync_all())
        .and_then(|()| std::fs::rename(&temporary, &target));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temporary);
        return Err(failed(e));
    }
    Ok(())
}

/// A new, empty file in the folder of `target`, named after it and this process
/// (`.board.svg.4242-0.part`), never one that is already there.
fn create_beside(target: &Path) -> io::Result<(PathBuf, File)> {
    let folder = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = target.file_name().unwrap_or_default().to_string_lossy();
    let mut last = io::Error::from(io::ErrorKind::AlreadyExists);
    for attempt in 0..16 {
        let temporary = folder.join(format!(".{name}.{}-{attempt}.part", std::process::id()));
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)
        {
            Ok(file) => return Ok((temporary, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = e,
            Err(e) => return Err(e),
        }
    }
    Err(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(tag: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("queens-svg-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_failed_write_leaves_no_file_and_an_old_one_as_it_was() {
        let dir = folder("failed");
        let path = dir.join("board.svg");
        let full = |file: &mut File| {
            file.write_all(b"<svg")?;
            Err(io::Error::new(
                io::ErrorKind::StorageFull,
                "no space left on device",
            ))
        };
        let e = replace(&path, full).unwrap_err();
        assert!(
            matches!(&e, Failure::Write(w) if w.to_string().contains("board.svg")),
            "{e:?}"
        );
        assert!(entries(&dir).is_empty(), "{:?}", entries(&dir));
        std::fs::write(&path, "old").unwrap();
        assert!(replace(&path, full).is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(entries(&dir), ["board.svg"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_whole_write_replaces_the_file_and_leaves_nothing_beside_it() {
        let dir = folder("whole");
        let path = dir.join("board.svg");
        std::fs::write(&path, "old").unwrap();
        write(&path, "<svg/>").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "<svg/>");
        assert_eq!(entries(&dir), ["board.svg"]);
        assert!(matches!(write(&dir, "<svg/>"), Err(Failure::Bad(m)) if m.contains("folder")));
        let missing = dir.join("no").join("board.svg");
        assert!(
            matches!(write(&missing, "<svg/>"), Err(Failure::Bad(m)) if m.contains("cannot create"))
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
