//! `queens`: the N-queens family and the knight's tour, as a library.
//!
//! The domain: [`Square`] and the board notation, [`Placement`] (one queen per column) with its
//! parsing, formatting and validity test, and the board's [`Symmetry`] group with [`Orbit`]s
//! and canonical forms. The engines: [`Solutions`] streams every solution in order,
//! [`count::count`] gives exact totals with the symmetry breakdown. Long computations report
//! progress and obey cancellation through [`Control`]. [`construct`] gives one solution for any N
//! (the explicit construction, local search, a uniformly random draw).
//!
//! The library does no I/O: no printing, no files, no process exit.
//!
//! A short tour:
//!
//! ```
//! use queens::{count, Control, Orbit, Placement};
//!
//! let wirth = Placement::parse("1 5 8 6 3 7 2 4").unwrap();
//! assert!(wirth.is_solution());
//! let clash = Placement::parse("a1 b5 c8 d6 e3 f7 g4 h2").unwrap().first_conflict().unwrap();
//! assert_eq!((clash.a.to_string(), clash.b.to_string()), ("c8".into(), "g4".into()));
//! assert_eq!(Orbit::of(&wirth).size, 8);
//! let eight = count::count(8, count::Engine::Auto, &Control::new()).unwrap();
//! assert_eq!((eight.total, eight.fundamental()), (92, 12));
//! ```

#![warn(missing_docs)]

pub mod classic;
pub mod clock;
pub mod complete;
pub mod construct;
pub mod control;
pub mod count;
pub mod cover;
#[cfg(target_arch = "x86_64")]
pub mod cpu;
pub mod decimal;
pub mod dominate;
pub mod error;
pub mod placement;
mod prefetch;
pub mod record;
pub mod rules;
pub mod solutions;
pub mod square;
pub mod symmetry;
pub mod tour;

pub use control::Control;
pub use count::{Counts, Engine};
pub use error::{Error, ParseError};
pub use placement::{Conflict, DiagramStyle, Placement};
pub use solutions::Solutions;
pub use square::{Line, Square};
pub use symmetry::{Orbit, OrbitKind, Symmetry};
pub use tour::{Board, Tour};
