//! The API's errors, as one type, and the reasons inside answers: each is a [`Said`], a stable
//! code, the values it names and the English sentence the command line would print.
//!
//! Every error under `/api/` is sent as
//! `{"error": "<English>", "code": "<code>", "values": {...}}`: `error` for people reading the
//! raw answer and logs, `code` and `values` for the page, which words each code in its own
//! language from its dictionary (`err.<code>` in `assets/i18n/*.js`). A reason inside a
//! successful answer (why no tour, why no solution, why no completion) is sent the same way
//! beside the answer: `"reason"`, `"reason_code"`, `"reason_values"`. The server sends no text
//! in any language but English; [`Code::ALL`] lists every code it can send.

#[cfg(feature = "server")]
use axum::{
    response::{IntoResponse, Response},
    Json,
};
use http::StatusCode;
use queens::tour::{Board, ClosedWhy, FindError, NoTour};
use serde_json::{json, Value};

macro_rules! codes {
    ($($variant:ident = $name:literal,)*) => {
        /// The code of an error or a reason: what went wrong, as a stable `snake_case` name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Code {
            $(
                #[doc = concat!("`", $name, "`")]
                $variant,
            )*
        }

        impl Code {
            /// Every code the server can send.
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The code's name, as sent.
            pub fn name(self) -> &'static str {
                match self {
                    $(Code::$variant => $name,)*
                }
            }
        }
    };
}

codes! {
    // The request and its parameters.
    QueryTooLong = "query_too_long",
    DuplicateParameter = "duplicate_parameter",
    UnknownParameter = "unknown_parameter",
    MissingNumber = "missing_number",
    MissingRows = "missing_rows",
    BadNumber = "bad_number",
    BadFlag = "bad_flag",
    BadChoice = "bad_choice",
    OldEngine = "old_engine",
    BadLang = "bad_lang",
    NotASquare = "not_a_square",
    RepeatedSquare = "repeated_square",
    BadRows = "bad_rows",
    NotARow = "not_a_row",
    TooManyRows = "too_many_rows",
    NotPermutation = "not_permutation",
    BadBoard = "bad_board",
    BadFrom = "bad_from",
    FromOffBoard = "from_off_board",
    SeedExplicit = "seed_explicit",
    EngineN = "engine_n",
    TraceN = "trace_n",
    TourSquares = "tour_squares",
    TourCountSquares = "tour_count_squares",
    TourTraceSquares = "tour_trace_squares",
    TourCountMemory = "tour_count_memory",
    TourCountTime = "tour_count_time",
    CountTime = "count_time",
    OpenQuestion = "open_question",
    CoverTime = "cover_time",
    NoEndpoint = "no_endpoint",
    MethodNotAllowed = "method_not_allowed",
    MissingHost = "missing_host",
    ForeignHost = "foreign_host",
    CrossSite = "cross_site",
    BodyTooLarge = "body_too_large",
    HeadTooLarge = "head_too_large",
    LineTooLong = "line_too_long",
    TooManyFields = "too_many_fields",
    Malformed = "malformed",
    Refused = "refused",
    // The heavy work.
    Busy = "busy",
    TimeLimit = "time_limit",
    Preempted = "preempted",
    Shutdown = "shutdown",
    Stopped = "stopped",
    Internal = "internal",
    // The library's parsers.
    EmptyPlacement = "empty_placement",
    BadSquare = "bad_square",
    BadRow = "bad_row",
    SquareOffBoard = "square_off_board",
    RepeatedColumn = "repeated_column",
    MissingColumn = "missing_column",
    MixedNotation = "mixed_notation",
    CommaRows = "comma_rows",
    BadSize = "bad_size",
    EngineTooLarge = "engine_too_large",
    TooManyQueens = "too_many_queens",
    UnknownPath = "unknown_path",
    PlanSize = "plan_size",
    PlanMemory = "plan_memory",
    // Knight's tours.
    NoTourSquare = "no_tour_square",
    NoTourThin = "no_tour_thin",
    NoTourColour = "no_tour_colour",
    NoClosedTourOdd = "no_closed_tour_odd",
    NoClosedTourSide = "no_closed_tour_side",
    NoClosedTourThree = "no_closed_tour_three",
    NoNarrowTour = "no_narrow_tour",
    TourExhausted = "tour_exhausted",
    DivideBoard = "divide_board",
    NarrowBoard = "narrow_board",
    NotTraced = "not_traced",
    BoardTooLarge = "board_too_large",
    FrontierTooWide = "frontier_too_wide",
    FrontierMemory = "frontier_memory",
    // Placing queens.
    NoSolution = "no_solution",
    NoCompletion = "no_completion",
    PresetAttack = "preset_attack",
    DiagonalOffBoard = "diagonal_off_board",
    TooManyPresets = "too_many_presets",
    Saturated = "saturated",
    OnExcluded = "on_excluded",
}

/// An error or a reason: its code, the values its words name, and its English sentence.
#[derive(Debug, Clone, PartialEq)]
pub struct Said {
    /// What it is.
    pub code: Code,
    /// The values it names, as a JSON object.
    pub values: Value,
    /// The English sentence, as the command line prints it.
    pub text: String,
}

impl Said {
    /// A code, its values (a JSON object) and its English sentence.
    pub fn new(code: Code, values: Value, text: impl Into<String>) -> Said {
        Said {
            code,
            values,
            text: text.into(),
        }
    }

    /// `{"error","code","values"}`.
    pub fn error_body(&self) -> Value {
        json!({"error": self.text, "code": self.code.name(), "values": self.values})
    }

    /// Adds `reason`, `reason_code` and `reason_values` to an answer.
    pub fn add_reason(&self, answer: &mut Value) {
        answer["reason"] = json!(self.text);
        answer["reason_code"] = json!(self.code.name());
        answer["reason_values"] = self.values.clone();
    }

    /// A bug: something that should not happen, said with its English detail.
    pub fn internal(detail: impl Into<String>) -> Said {
        let detail = detail.into();
        Said::new(Code::Internal, json!({"detail": detail}), detail)
    }
}

/// The values of a board: `{"rows","cols"}`.
pub fn board_values(board: Board) -> Value {
    json!({"rows": board.rows, "cols": board.cols})
}

/// `values` (an object) with `more` (an object) added.
pub fn with(mut values: Value, more: Value) -> Value {
    if let (Some(to), Value::Object(more)) = (values.as_object_mut(), more) {
        to.extend(more);
    }
    values
}

/// Why a request got no answer.
#[derive(Debug, Clone, PartialEq)]
pub enum ApiError {
    /// 400: a bad parameter; the message names it and what is accepted.
    Bad(Said),
    /// 404: no such path.
    NotFound(Said),
    /// 405: the path exists, the method does not.
    Method(Said),
    /// 429: every permit for heavy requests is taken.
    Busy(usize),
    /// 503: the time limit stopped the work.
    Timeout(std::time::Duration),
    /// 500: the work ended without an answer (it should not happen).
    Internal(Said),
    /// 503: the heavy request was stopped to give its permit to another client (one client
    /// may not hold every permit).
    Preempted,
    /// 503: the server is stopping.
    Stopping,
    /// A request the server does not serve at all (a foreign `Host`: 421; no `Host`: 400).
    Refused(StatusCode, Said),
    /// 403: a request to the API that a page of another site made ([`crate::guard`]).
    CrossSite(Said),
    /// 400: a value that asks an open question of mathematics (a cover of 27), not bad input:
    /// sent with `"open_question": true` besides its code.
    OpenQuestion(Said),
}

/// The result of a handler.
pub type ApiResult<T> = Result<T, ApiError>;

/// A 400: `return Err(bad(Code::X, json!({...}), format!(...)))`.
pub fn bad(code: Code, values: Value, text: impl Into<String>) -> ApiError {
    ApiError::Bad(Said::new(code, values, text))
}

impl ApiError {
    /// The HTTP status of the error.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::Bad(_) | ApiError::OpenQuestion(_) => StatusCode::BAD_REQUEST,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Method(_) => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Busy(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Timeout(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::Preempted | ApiError::Stopping => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Refused(status, _) => *status,
            ApiError::CrossSite(_) => StatusCode::FORBIDDEN,
        }
    }

    /// The error as a code, its values and its English sentence.
    pub fn said(&self) -> Said {
        match self {
            ApiError::Bad(s) | ApiError::NotFound(s) | ApiError::Method(s) => s.clone(),
            ApiError::Internal(s) | ApiError::Refused(_, s) => s.clone(),
            ApiError::CrossSite(s) | ApiError::OpenQuestion(s) => s.clone(),
            ApiError::Preempted => Said::new(
                Code::Preempted,
                json!({}),
                "stopped to give its permit to another client: one client may not hold every heavy permit; try again shortly",
            ),
            ApiError::Stopping => Said::new(
                Code::Shutdown,
                json!({}),
                "the server is stopping: the work was stopped",
            ),
            ApiError::Busy(k) => Said::new(
                Code::Busy,
                json!({"at_once": k}),
                format!("busy: {k} heavy requests are running, the most at once; try again shortly"),
            ),
            ApiError::Timeout(limit) => {
                let seconds = limit.as_secs_f64();
                Said::new(
                    Code::TimeLimit,
                    json!({"seconds": seconds}),
                    format!("time limit of {seconds} s reached: the work was stopped"),
                )
            }
        }
    }

    /// The error as the JSON object the API sends: `{"error","code","values"}`, and the flag
    /// older clients read (`busy`, `timeout`, `preempted`, `shutdown`, `cross_site`,
    /// `open_question`).
    pub fn body(&self) -> Value {
        let mut body = self.said().error_body();
        let flag = match self {
            ApiError::Busy(_) => "busy",
            ApiError::Timeout(_) => "timeout",
            ApiError::Preempted => "preempted",
            ApiError::Stopping => "shutdown",
            ApiError::CrossSite(_) => "cross_site",
            ApiError::OpenQuestion(_) => "open_question",
            _ => return body,
        };
        body[flag] = json!(true);
        body
    }
}

/// The library's parse errors.
pub fn parse_said(e: &queens::ParseError) -> Said {
    use queens::ParseError as P;
    let text = e.to_string();
    let (code, values) = match e {
        P::Empty => (Code::EmptyPlacement, json!({})),
        P::BadSquare(t) => (Code::BadSquare, json!({"text": t})),
        P::BadRow(t, max) => (Code::BadRow, json!({"text": t, "max": max})),
        P::OffBoard {
            square,
            n,
            last_file,
        } => (
            Code::SquareOffBoard,
            json!({"square": square, "n": n, "last_file": last_file}),
        ),
        P::RepeatedColumn {
            file,
            first,
            second,
        } => (
            Code::RepeatedColumn,
            json!({"file": file, "first": first, "second": second}),
        ),
        P::MissingColumn(file, n, last) => (
            Code::MissingColumn,
            json!({"file": file, "n": n, "last_file": last}),
        ),
        P::MixedNotation(t) => (Code::MixedNotation, json!({"text": t})),
        P::CommaRows(t) => (Code::CommaRows, json!({"text": t})),
        P::BadSize(t, min, max) => (Code::BadSize, json!({"text": t, "min": min, "max": max})),
    };
    Said::new(code, values, text)
}

/// The library's engine errors (a cancelled engine is [`Code::Stopped`]).
pub fn engine_said(e: &queens::Error) -> Said {
    use queens::Error as E;
    let text = e.to_string();
    match e {
        E::Cancelled => Said::new(Code::Stopped, json!({}), "the work was stopped"),
        E::TooLarge { n, max } => {
            Said::new(Code::EngineTooLarge, json!({"n": n, "max": max}), text)
        }
        E::TooManyQueens { k, max } => {
            Said::new(Code::TooManyQueens, json!({"k": k, "max": max}), text)
        }
        E::UnknownPath {
            variable,
            value,
            available,
        } => Said::new(
            Code::UnknownPath,
            json!({"variable": variable, "value": value, "available": available}),
            text,
        ),
        E::Parse(p) => parse_said(p),
    }
}

/// Why no knight's tour exists.
pub fn no_tour_said(e: &NoTour) -> Said {
    let text = e.to_string();
    let (code, board, more) = match e {
        NoTour::Square { board } => (Code::NoTourSquare, *board, json!({})),
        NoTour::Thin { board } => (Code::NoTourThin, *board, json!({})),
        NoTour::Colour { board, from } => (Code::NoTourColour, *board, json!({"from": from})),
        NoTour::Closed { board, reason } => {
            let code = match reason {
                ClosedWhy::OddSides => Code::NoClosedTourOdd,
                ClosedWhy::Side => Code::NoClosedTourSide,
                ClosedWhy::ThreeRows => Code::NoClosedTourThree,
            };
            (code, *board, json!({}))
        }
        NoTour::OffBoard { board, from } => (Code::FromOffBoard, *board, json!({"text": from})),
        NoTour::Narrow {
            board,
            from,
            closed,
        } => (
            Code::NoNarrowTour,
            *board,
            json!({"from": from, "closed": closed}),
        ),
    };
    Said::new(code, with(board_values(board), more), text)
}

/// Why a method found no tour (or stopped: a stop has its own code, a bug is `internal`).
pub fn find_said(e: &FindError) -> Said {
    let text = e.to_string();
    match e {
        FindError::NoTour(no) => no_tour_said(no),
        FindError::Exhausted { from } => {
            Said::new(Code::TourExhausted, json!({"from": from}), text)
        }
        FindError::Unsupported { board } => {
            Said::new(Code::DivideBoard, board_values(*board), text)
        }
        FindError::NotNarrow { board } => Said::new(Code::NarrowBoard, board_values(*board), text),
        FindError::NotTraced { method } => {
            Said::new(Code::NotTraced, json!({"method": method.name()}), text)
        }
        FindError::TooLarge { board } => Said::new(
            Code::BoardTooLarge,
            with(
                board_values(*board),
                json!({"max": queens::tour::MAX_SQUARES}),
            ),
            text,
        ),
        FindError::Stopped(e) => engine_said(e),
        FindError::Invalid(_) => Said::internal(text),
    }
}

impl From<queens::Error> for ApiError {
    fn from(e: queens::Error) -> ApiError {
        match e {
            // A cancelled engine whose request is still waiting: only the time limit or a
            // shutdown can have stopped it.
            queens::Error::Cancelled => ApiError::Internal(engine_said(&e)),
            other => ApiError::Bad(engine_said(&other)),
        }
    }
}

impl From<queens::ParseError> for ApiError {
    fn from(e: queens::ParseError) -> ApiError {
        ApiError::Bad(parse_said(&e))
    }
}

#[cfg(feature = "server")]
impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status(), Json(self.body())).into_response();
        if let ApiError::Method(_) = self {
            response.headers_mut().insert(
                axum::http::header::ALLOW,
                axum::http::HeaderValue::from_static("GET, HEAD"),
            );
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `err.<code>` keys of a dictionary: every quoted key that starts so.
    fn keys(dictionary: &str) -> Vec<String> {
        let mut keys: Vec<String> = dictionary
            .split('\'')
            .filter_map(|w| w.strip_prefix("err."))
            .filter(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'))
            .map(str::to_owned)
            .collect();
        keys.sort();
        keys.dedup();
        keys
    }

    /// Every code the server can send has words in both dictionaries of the page, and the
    /// dictionaries word no code the server does not send.
    #[test]
    fn every_code_has_words_in_both_languages() {
        let mut codes: Vec<String> = Code::ALL.iter().map(|c| c.name().to_owned()).collect();
        codes.sort();
        let before = codes.len();
        codes.dedup();
        assert_eq!(codes.len(), before, "a code is named twice");
        assert!(codes.len() > 50, "the list of codes is the whole list");
        for (name, text) in [
            ("en", include_str!("../assets/i18n/en.js")),
            ("ru", include_str!("../assets/i18n/ru.js")),
        ] {
            assert_eq!(keys(text), codes, "the err. keys of {name}.js");
        }
    }

    #[test]
    fn codes_are_snake_case() {
        for code in Code::ALL {
            let name = code.name();
            assert!(
                name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
                "{name}"
            );
        }
    }

    #[test]
    fn a_body_has_the_english_sentence_the_code_and_the_values() {
        let body = ApiError::Busy(2).body();
        assert_eq!(body["code"], "busy");
        assert_eq!(body["values"]["at_once"], 2);
        assert_eq!(body["busy"], true);
        assert!(body["error"].as_str().unwrap().starts_with("busy: 2 heavy"));
    }
}
