//! The language of the server's words: English (the library's own `Display`) or Russian.
//!
//! The page sends `lang=en|ru` with every request (or the browser's `Accept-Language` says
//! it); [`scope`] takes the parameter out of the query before the endpoint reads it and runs
//! the request with that language, which [`say`] then uses. Every message the server sends
//! (a bad parameter, a "no tour" reason with its citation, why no solution exists) is built
//! in English, as the command line prints it, and translated at the end by a table of
//! patterns: each English pattern has `{}` holes, matched shortest first, and its Russian
//! template names the holes `{1}`, `{2}`, ... (a value, as it is) or `{~1}`, ... (words, translated
//! in turn: a message inside a message, a reason inside a "no tour"). A message the table does not know
//! stays English; the unit tests hold every message the page can meet.

use axum::extract::Request;
use axum::http::{header, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// A language of the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// English: the messages as the library and the command line write them.
    En,
    /// Russian.
    Ru,
}

impl Lang {
    /// `en` or `ru`.
    pub fn parse(text: &str) -> Option<Lang> {
        match text {
            "en" => Some(Lang::En),
            "ru" => Some(Lang::Ru),
            _ => None,
        }
    }

    /// The preferred language of an `Accept-Language` header (`ru-RU,ru;q=0.9,en;q=0.8`):
    /// the known language of highest weight, English when none is known.
    pub fn from_accept(header: &str) -> Lang {
        let mut best = (Lang::En, -1.0f32);
        for item in header.split(',') {
            let mut parts = item.split(';');
            let tag = parts.next().unwrap_or("").trim().to_ascii_lowercase();
            let weight = parts
                .find_map(|p| p.trim().strip_prefix("q=").map(str::to_owned))
                .and_then(|q| q.parse::<f32>().ok())
                .unwrap_or(1.0);
            let primary = tag.split('-').next().unwrap_or("");
            if let Some(lang) = Lang::parse(primary) {
                if weight > best.1 {
                    best = (lang, weight);
                }
            }
        }
        best.0
    }
}

tokio::task_local! {
    static LANG: Lang;
}

/// The language of the request being answered (English outside a request).
pub fn current() -> Lang {
    LANG.try_with(|l| *l).unwrap_or(Lang::En)
}

/// A message of the server in the language of the request being answered.
pub fn say(message: &str) -> String {
    translate(message, current())
}

/// The middleware of the API: reads `lang` (refusing a value other than `en` or `ru`), else
/// `Accept-Language`, removes `lang` from the query, and answers the request in that language.
pub async fn scope(mut request: Request, next: Next) -> Response {
    let (lang, rest) = match split_lang(request.uri().query()) {
        Ok(found) => found,
        Err(message) => return crate::error::bad(message).into_response(),
    };
    let lang = lang.unwrap_or_else(|| {
        let accept = request.headers().get(header::ACCEPT_LANGUAGE);
        Lang::from_accept(accept.and_then(|v| v.to_str().ok()).unwrap_or(""))
    });
    if let Some(uri) = without_query(request.uri(), rest) {
        *request.uri_mut() = uri;
    }
    LANG.scope(lang, next.run(request)).await
}

/// The `lang` of a raw query and the query without it (`None` when there was no `lang`).
type Split = (Option<Lang>, Option<String>);

fn split_lang(query: Option<&str>) -> Result<Split, String> {
    let Some(query) = query else {
        return Ok((None, None));
    };
    let mut lang = None;
    let mut kept: Vec<&str> = Vec::new();
    for pair in query.split('&') {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        if name != "lang" {
            kept.push(pair);
            continue;
        }
        if lang.is_some() {
            return Err("parameter 'lang' given twice".to_string());
        }
        let shown = crate::query::shorten(value);
        lang = Some(Lang::parse(value).ok_or(format!("bad lang '{shown}': expected en or ru"))?);
    }
    match lang {
        None => Ok((None, None)),
        Some(_) => Ok((lang, Some(kept.join("&")))),
    }
}

fn without_query(uri: &Uri, rest: Option<String>) -> Option<Uri> {
    let rest = rest?;
    let path = uri.path();
    let target = match rest.is_empty() {
        true => path.to_string(),
        false => format!("{path}?{rest}"),
    };
    let mut parts = uri.clone().into_parts();
    parts.path_and_query = Some(target.parse().ok()?);
    Uri::from_parts(parts).ok()
}

/// `message` in `lang`: English as it is; Russian by the first pattern that matches, the
/// holes translated in turn.
pub fn translate(message: &str, lang: Lang) -> String {
    if lang == Lang::En {
        return message.to_string();
    }
    if let Some((_, ru)) = WORDS.iter().find(|(en, _)| *en == message) {
        return ru.to_string();
    }
    for (pattern, template) in PATTERNS {
        if let Some(holes) = matches(pattern, message) {
            return fill(template, &holes, lang);
        }
    }
    message.to_string()
}

/// The holes of `pattern` in `text`, each the shortest that lets the rest match; the last
/// hole runs to the pattern's last words, and only it may hold a clause (": ").
fn matches<'a>(pattern: &str, text: &'a str) -> Option<Vec<&'a str>> {
    let mut pieces = pattern.split("{}");
    let first = pieces.next()?;
    let mut rest = text.strip_prefix(first)?;
    let pieces: Vec<&str> = pieces.collect();
    let mut holes = Vec::with_capacity(pieces.len());
    for (i, piece) in pieces.iter().enumerate() {
        let last = i + 1 == pieces.len();
        let end = match (last, piece.is_empty()) {
            (true, true) => rest.len(),
            (true, false) => rest.strip_suffix(piece)?.len(),
            (false, _) => rest.find(piece)?,
        };
        // A hole before the last holds a value or a name, never a clause of its own.
        if end == 0 || (!last && rest[..end].contains(": ")) {
            return None;
        }
        holes.push(&rest[..end]);
        rest = &rest[end + piece.len()..];
        if last && !rest.is_empty() {
            return None;
        }
    }
    match pieces.is_empty() && !rest.is_empty() {
        true => None,
        false => Some(holes),
    }
}

fn fill(template: &str, holes: &[&str], lang: Lang) -> String {
    let mut out = String::with_capacity(template.len() + 32);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let close = rest[open..].find('}').map_or(rest.len(), |c| open + c);
        let name = &rest[open + 1..close.min(rest.len())];
        let (words, index) = match name.strip_prefix('~') {
            Some(index) => (true, index),
            None => (false, name),
        };
        match index
            .parse::<usize>()
            .ok()
            .and_then(|i| holes.get(i.wrapping_sub(1)))
        {
            Some(hole) if words => out.push_str(&translate(hole, lang)),
            Some(hole) => out.push_str(hole),
            None => out.push_str(&rest[open..(close + 1).min(rest.len())]),
        }
        rest = &rest[(close + 1).min(rest.len())..];
    }
    out.push_str(rest);
    out
}

/// Whole messages and phrases that fill holes.
const WORDS: &[(&str, &str)] = &[
    ("a whole number from 1 to 64", "целое число от 1 до 64"),
    ("rows like 1,5,8,6,3,7,2,4", "строки вида 1,5,8,6,3,7,2,4"),
    ("true or false", "true или false"),
    ("row", "горизонтали"),
    ("column", "вертикали"),
    ("diagonal", "диагонали"),
    ("anti-diagonal", "антидиагонали"),
    ("closed", "замкнутого"),
    ("open", "открытого"),
    ("the work was stopped", "работа остановлена"),
    ("interrupted before the end: no result", "прервано до конца: результата нет"),
    ("stopped to give its permit to another client: one client may not hold every heavy permit; try again shortly",
     "остановлено, чтобы уступить место другому клиенту: один клиент не может занять все места для долгих задач; попробуйте чуть позже"),
    ("the server is stopping: the work was stopped", "сервер останавливается: работа прервана"),
    ("empty placement: give rows like '1 5 8 6 3 7 2 4' or squares like 'a1 b5 c8'",
     "пустая расстановка: укажите строки вида «1 5 8 6 3 7 2 4» или клетки вида «a1 b5 c8»"),
    ("seed has no effect with algorithm explicit (the construction draws nothing): leave it out, or use min-conflicts",
     "зерно не влияет на алгоритм explicit (построение ничего не выбирает случайно): уберите его или выберите min-conflicts"),
    ("both sides are odd, and a closed tour alternates colours",
     "обе стороны нечётные, а замкнутый обход чередует цвета клеток"),
    ("a board with a side of 1, 2 or 4 has none", "на доске со стороной 1, 2 или 4 его нет"),
    ("a 3-row board needs n even and at least 10", "доске в 3 ряда нужно чётное n не меньше 10"),
    ("any two squares of a 2x2 board share a row, a column or a diagonal",
     "любые две клетки доски 2x2 лежат на одной горизонтали, вертикали или диагонали"),
    ("at most two queens fit on a 3x3 board without attacking each other",
     "на доске 3x3 помещаются не больше двух ферзей, не бьющих друг друга"),
    ("this endpoint takes no parameters", "у этого адреса нет параметров"),
];

/// English patterns (`{}` a hole) and their Russian templates, the more particular first.
const PATTERNS: &[(&str, &str)] = &[
    // The query.
    ("query of {} bytes: at most {} are read", "запрос длиной {1} байт: читается не больше {2}"),
    ("parameter '{}' given twice", "параметр «{1}» указан дважды"),
    ("missing parameter '{}': expected {}", "нет параметра «{1}»: нужно {~2}"),
    ("unknown parameter '{}': expected {}", "неизвестный параметр «{1}»: допустимы {2}"),
    ("unknown parameter '{}': {}", "неизвестный параметр «{1}»: {~2}"),
    ("a whole number from {} to {}", "целое число от {1} до {2}"),
    ("bad lang '{}': expected en or ru", "неверный язык «{1}»: допустимы en и ru"),
    ("bad square '{}': expected a file and a rank like 'c5', or 'col,row' like '3,5'",
     "неверная клетка «{1}»: нужна буква вертикали и номер горизонтали, как «c5», или «столбец,строка», как «3,5»"),
    ("bad row '{}': expected a whole number from 1 to {}", "неверная горизонталь «{1}»: нужно целое число от 1 до {2}"),
    ("bad board '{}': expected N or MxN (M rows, N columns), sides from 1 to {}, at most {} squares",
     "неверная доска «{1}»: нужно N или MxN (M строк, N столбцов), стороны от 1 до {2}, не больше {3} клеток"),
    ("bad board size '{}': expected a whole number from {} to {}", "неверный размер доски «{1}»: нужно целое число от {2} до {3}"),
    ("bad from '{}': expected a square like c3 or 3,3", "неверная начальная клетка «{1}»: нужна клетка вида c3 или 3,3"),
    ("bad from '{}': the square is off the {} board", "неверная начальная клетка «{1}»: её нет на доске {2}"),
    ("bad engine '{}': expected one of {} (the engine once called {} is {})",
     "неверный метод «{1}»: допустимо одно из: {2} (метод, прежде называвшийся {3}, теперь называется {4})"),
    ("bad {} '{}': expected one of {}", "неверное значение {1} «{2}»: допустимо одно из: {3}"),
    ("bad {} '{}': expected 1 to {} rows like 1,5,8,6,3,7,2,4", "неверное значение {1} «{2}»: нужно от 1 до {3} строк вида 1,5,8,6,3,7,2,4"),
    ("bad {} '{}': engine {} counts N up to {}", "неверное N «{2}»: метод {3} считает N не больше {4}"),
    ("bad rows '{}': two queens in one row; classify takes one queen in each row and column",
     "неверные строки «{1}»: два ферзя на одной горизонтали; нужен один ферзь на каждой горизонтали и вертикали"),
    ("bad n '{}': whether the {} x {} board has a cover is an open question; every N from 1 to {} but 27 and 30 is answered",
     "неверное N «{1}»: есть ли покрытие доски {2} × {3}, неизвестно; для всех N от 1 до {4}, кроме 27 и 30, ответ есть"),
    ("bad n '{}': no cover of the {} x {} board is found within the server's time limit (the command queens cover {} searches longer); every N from 1 to {} but 27 and 30 is answered",
     "неверное N «{1}»: за время, отведённое серверу, покрытие доски {2} × {3} не находится (команда queens cover {4} ищет дольше); для всех N от 1 до {5}, кроме 27 и 30, ответ есть"),
    ("bad rows '{}': expected at most {} rows, one for each of the first files",
     "неверные горизонтали «{1}»: нужно не больше {2}, по одной на каждую из первых вертикалей"),
    ("bad {} '{}': expected {}", "неверное значение {1} «{2}»: нужно {~3}"),
    ("bad {}: square '{}' is off the {}x{} board (files a..{}, ranks 1..{})",
     "неверное значение {1}: клетки «{2}» нет на доске {3}x{4} (вертикали a..{5}, горизонтали 1..{6})"),
    ("bad {}: square '{}' is given twice: one queen per square", "неверное значение {1}: клетка «{2}» указана дважды, а на клетке стоит один ферзь"),
    ("bad {}: '{}' is not a row: expected whole numbers from 1 to {}", "неверное значение {1}: «{2}» — не номер горизонтали; нужны целые числа от 1 до {3}"),
    ("bad {}: '{}' is not a square: expected squares like a1,c5 (file letters a.., rank numbers 1..)",
     "неверное значение {1}: «{2}» — не клетка; нужны клетки вида a1,c5 (буква вертикали a.., номер горизонтали 1..)"),
    ("bad {}: {}", "неверное значение {1}: {~2}"),
    ("no such endpoint: {}", "такого адреса нет: {1}"),
    ("method {} not allowed on {}: the API takes GET", "метод {1} не разрешён для {2}: API принимает только GET"),
    ("method {} not allowed: the page's files take GET", "метод {1} не разрешён: файлы страницы отдаются только по GET"),
    // Limits and the heavy work.
    ("busy: {} heavy requests are running, the most at once; try again shortly",
     "сервер занят: идут {1} долгих запроса, больше одновременно нельзя; попробуйте чуть позже"),
    ("time limit of {} s reached: the work was stopped", "достигнут предел времени {1} с: работа остановлена"),
    ("board {} has {} squares: method {} takes at most {} here", "на доске {1} {2} клеток: метод {3} здесь берёт не больше {4}"),
    ("board {} has {} squares: tours are counted on boards of at most {}", "на доске {1} {2} клеток: обходы считаются на досках не больше чем в {3} клеток"),
    ("board {}: its count would hold about {} MiB of states, more than the {} MiB a count may take here (the command line, queens tour --count, takes a --memory budget)",
     "доска {1}: подсчёт занял бы около {2} МиБ состояний, больше {3} МиБ, разрешённых здесь (в командной строке у queens tour --count есть параметр --memory)"),
    ("{} (the {} algorithm traces N up to {})", "{~1} (алгоритм {2} показывается для N не больше {3})"),
    ("no solution found for N = {}", "решение для N = {1} не найдено"),
    ("no published count for {}", "нет опубликованного числа для {1}"),
    ("the set found for N = {} leaves a square unwatched", "найденная для N = {1} расстановка оставляет клетку небитой"),
    // The library's parsers.
    ("square '{}' is off the {}x{} board (files a..{}, ranks 1..{})", "клетки «{1}» нет на доске {2}x{3} (вертикали a..{4}, горизонтали 1..{5})"),
    ("column {} holds two queens ('{}' and '{}'): a placement has one queen per column",
     "на вертикали {1} два ферзя («{2}» и «{3}»): в расстановке по одному ферзю на вертикали"),
    ("column {} has no queen: a placement of {} queens needs one in every column a..{}",
     "на вертикали {1} нет ферзя: расстановке из {2} ферзей нужен ферзь на каждой вертикали a..{3}"),
    ("mixed notations in '{}': use rows ('1 5 8 ...') or squares ('a1 b5 ...'), not both",
     "смешаны записи в «{1}»: укажите горизонтали («1 5 8 ...») или клетки («a1 b5 ...»), но не то и другое"),
    ("'{}' is not a square: a comma joins the column and row of one square ('3,5' is c5); write rows with spaces, like '2 4 1 3'",
     "«{1}» — не клетка: запятая соединяет столбец и строку одной клетки («3,5» — это c5); горизонтали пишите через пробел, как «2 4 1 3»"),
    ("bad board size {}: expected N from 1 to {}", "неверный размер доски {1}: нужно N от 1 до {2}"),
    ("N = {} is beyond what this engine supports (1 to {})", "N = {1} больше, чем умеет этот метод (от 1 до {2})"),
    // Knight's tours: why none exists, with the sources.
    ("no knight's tour exists on a {} board (open tours need n = 1 or n >= 5 on square boards; Parberry 1997)",
     "на доске {1} обхода конём нет (на квадратной доске открытый обход есть только при n = 1 или n >= 5; Парберри, 1997)"),
    ("no knight's tour exists on a {} board: a board with a side of 1 or 2 has none but 1x1, a 3-row board needs n = 4 or n >= 7, a 4-row board n >= 5 (or 3)",
     "на доске {1} обхода конём нет: на доске со стороной 1 или 2 его нет (кроме 1x1), доске в 3 ряда нужно n = 4 или n >= 7, доске в 4 ряда — n >= 5 (или 3)"),
    ("no knight's tour from {} on the {} board: the board has an odd number of squares, so a tour starts and ends on the colour of a1 (col+row even), and {} has the other colour",
     "обхода конём из {1} на доске {2} нет: клеток нечётное число, поэтому обход начинается и кончается на клетках цвета a1 (сумма столбца и строки чётная), а {3} другого цвета"),
    ("no closed knight's tour exists on a {} board (Schwenk 1991): {}", "на доске {1} замкнутого обхода конём нет (Швенк, 1991): {~2}"),
    ("no {} tour from {} on the {} board: the exhaustive column-by-column search proves none exists",
     "{~1} обхода из {2} на доске {3} нет: полный перебор по столбцам доказывает это"),
    ("no tour from {}: the exhaustive search ended without one", "обхода из {1} нет: полный перебор закончился без него"),
    ("the divide-and-conquer construction needs both sides at least 5, not {} (Warnsdorff's rule and the column-by-column programme cover the other boards)",
     "построению «разделяй и властвуй» нужны обе стороны не меньше 5, а не {1} (другие доски покрывают правило Варнсдорфа и программа по столбцам)"),
    ("the column-by-column programme needs a board with 3 or 4 rows or columns, not {} (divide and conquer covers boards with both sides at least 5)",
     "программе по столбцам нужна доска в 3 или 4 ряда, а не {1} (доски с обеими сторонами не меньше 5 покрывает «разделяй и властвуй»)"),
    ("the board {} is too large: at most {} squares", "доска {1} слишком велика: не больше {2} клеток"),
    ("square {} is off the {} board", "клетки {1} нет на доске {2}"),
    ("the frontier count takes boards with a side of at most {} squares, not {}", "подсчёт по фронту берёт доски со стороной не больше {1}, а не {2}"),
    ("the states of {} outgrew the memory budget of {} bytes at cell {} of {} ({} states held)",
     "состояния доски {1} превысили бюджет памяти в {2} байт на клетке {3} из {4} ({5} состояний)"),
    // Placing queens: why no completion exists.
    ("no solution exists for N = {}: {}", "для N = {1} решений нет: {~2}"),
    ("no solution exists for N = {}", "для N = {1} решений нет"),
    ("the {}x{} board with the queens on {} cannot be completed: the exhaustive search finds no completion",
     "доску {1}x{2} с ферзями на {3} нельзя дополнить: полный перебор не находит ни одного дополнения"),
    ("the preset queens on {} and {} attack each other on the same {}", "заданные ферзи на {1} и {2} бьют друг друга по одной {~3}"),
    ("square {} is preset twice", "клетка {1} задана дважды"),
    ("{} and {} attack each other by a knight's move", "{1} и {2} бьют друг друга ходом коня"),
    ("{} and {} attack each other on an anti-diagonal", "{1} и {2} бьют друг друга по антидиагонали"),
    ("{} and {} attack each other on a {}", "{1} и {2} бьют друг друга по {~3}"),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn ru(message: &str) -> String {
        translate(message, Lang::Ru)
    }

    /// A Russian message keeps Latin letters only in values: squares, names, numbers.
    fn no_english(text: &str) {
        let words = text
            .split(|c: char| !c.is_ascii_alphabetic() && c != '\'')
            .filter(|w| {
                w.len() > 3
                    && ![
                        "explicit",
                        "true",
                        "false",
                        "conflicts",
                        "count",
                        "memory",
                        "queens",
                        "tour",
                        "wirth",
                        "brute",
                        "permutations",
                        "lang",
                        "rows",
                    ]
                    .contains(w)
            });
        let left: Vec<&str> = words.collect();
        assert!(left.is_empty(), "English left in {text:?}: {left:?}");
    }

    #[test]
    fn the_library_reasons_are_translated() {
        let board = queens::tour::Board::new(4, 4);
        let control = queens::Control::new();
        for (board, from, closed) in [
            (board, queens::Square::new(0, 0), false),
            (
                queens::tour::Board::new(3, 5),
                queens::Square::new(0, 0),
                false,
            ),
            (
                queens::tour::Board::new(5, 5),
                queens::Square::new(1, 0),
                false,
            ),
            (
                queens::tour::Board::new(5, 5),
                queens::Square::new(0, 0),
                true,
            ),
            (
                queens::tour::Board::new(4, 6),
                queens::Square::new(0, 0),
                true,
            ),
            (
                queens::tour::Board::new(3, 8),
                queens::Square::new(0, 0),
                true,
            ),
        ] {
            let e = queens::tour::decide(board, from, closed, &control).unwrap_err();
            no_english(&ru(&e.to_string()));
        }
        for n in [2, 3] {
            let why = queens::construct::why_none(n).unwrap();
            no_english(&ru(&format!("no solution exists for N = {n}: {why}")));
        }
    }

    #[test]
    fn the_query_messages_are_translated() {
        let q = crate::query::Query::parse(
            Some("n=0&queens=z9&rows=1,9&x=2"),
            &["n", "queens", "rows", "x"],
        )
        .unwrap();
        let errors = [
            q.n(64).unwrap_err(),
            q.squares("queens", 8).unwrap_err(),
            q.rows("rows", 64).unwrap_err(),
            q.flag("x", false).unwrap_err(),
            q.choice("x", &["a", "b"]).unwrap_err(),
            crate::query::Query::parse(Some("y=1"), &["n"]).unwrap_err(),
            crate::query::Query::parse(Some("n=1&n=2"), &["n"]).unwrap_err(),
        ];
        for e in errors {
            let text = ru(e.body()["error"].as_str().unwrap());
            no_english(&text);
        }
        assert_eq!(
            ru("bad closed 'x': expected true or false"),
            "неверное значение closed «x»: нужно true или false"
        );
        let text = ru("bad n '0': expected a whole number from 1 to 64");
        assert_eq!(
            text,
            "неверное значение n «0»: нужно целое число от 1 до 64"
        );
    }

    #[test]
    fn english_stays_as_it_is() {
        let m = "bad n '0': expected a whole number from 1 to 64";
        assert_eq!(translate(m, Lang::En), m);
        assert_eq!(ru("something new"), "something new");
    }

    #[test]
    fn holes_are_shortest_first() {
        assert_eq!(
            matches("a {} b {}", "a x b y b z"),
            Some(vec!["x", "y b z"])
        );
        assert_eq!(
            matches("{} and {} attack", "a1 and c3 attack"),
            Some(vec!["a1", "c3"])
        );
        assert_eq!(matches("exact", "exact"), Some(vec![]));
        assert_eq!(matches("exact", "exactly"), None);
    }

    #[test]
    fn the_language_comes_from_the_query_or_the_header() {
        assert_eq!(
            split_lang(Some("n=8&lang=ru")),
            Ok((Some(Lang::Ru), Some("n=8".into())))
        );
        assert_eq!(split_lang(Some("n=8")), Ok((None, None)));
        assert!(split_lang(Some("lang=de")).is_err());
        assert!(split_lang(Some("lang=ru&lang=en")).is_err());
        assert_eq!(Lang::from_accept("ru-RU,ru;q=0.9,en;q=0.8"), Lang::Ru);
        assert_eq!(Lang::from_accept("de,en;q=0.5,ru;q=0.4"), Lang::En);
        assert_eq!(Lang::from_accept(""), Lang::En);
    }
}
