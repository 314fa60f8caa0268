//! The playground in a real browser (issue 32): Debian's headless Chromium, driven through
//! chromedriver's WebDriver protocol (a small client over a TCP socket below), loads the page
//! from a static server on a local port and plays it as a person would — clicks on the
//! board, the hands and the buttons, keys in the editor and the move box. Each step's
//! screenshot is kept in `target/web-screenshots/` for a person to look at.
//!
//! `tools/web-deps` installs Chromium, chromedriver and the WebAssembly tools when they are
//! missing; the test never skips.

mod common;

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Serves the files of `dir` on a free local port, one thread per connection; returns the
/// port.
fn serve(dir: PathBuf) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a local port");
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let dir = dir.clone();
            std::thread::spawn(move || answer(stream, &dir));
        }
    });
    port
}

/// Answers one GET request with the file it names (index.html for `/`), or 404.
fn answer(mut stream: TcpStream, dir: &Path) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut line = String::new();
    if reader.read_line(&mut line).is_err() {
        return;
    }
    loop {
        let mut h = String::new();
        if reader.read_line(&mut h).map_or(true, |n| n == 0) || h == "\r\n" {
            break;
        }
    }
    let path = line.split(' ').nth(1).unwrap_or("/");
    let path = path
        .split('?')
        .next()
        .unwrap_or("/")
        .trim_start_matches('/');
    let path = if path.is_empty() { "index.html" } else { path };
    let file = dir.join(path);
    let kind = match file.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript",
        Some("css") => "text/css",
        Some("wasm") => "application/wasm",
        _ => "application/octet-stream",
    };
    let (status, body) = match std::fs::read(&file) {
        Ok(b) if !path.contains("..") => ("200 OK", b),
        _ => ("404 Not Found", b"not found".to_vec()),
    };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(&body);
}

/// One HTTP request to chromedriver; the JSON answer's `value`.
fn http(port: u16, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).map_err(|e| e.to_string())?;
    // chromedriver keeps the connection open: the body is read by its length.
    let mut reader = BufReader::new(s);
    let mut length = None;
    loop {
        let mut h = String::new();
        if reader.read_line(&mut h).map_err(|e| e.to_string())? == 0 || h == "\r\n" {
            break;
        }
        if let Some((k, v)) = h.split_once(':')
            && k.eq_ignore_ascii_case("content-length")
        {
            length = v.trim().parse::<usize>().ok();
        }
    }
    let mut raw = vec![0; length.ok_or("no Content-Length")?];
    reader.read_exact(&mut raw).map_err(|e| e.to_string())?;
    let body = String::from_utf8_lossy(&raw).to_string();
    let v: Value = serde_json::from_str(&body).map_err(|e| format!("{e}: {body}"))?;
    match v["value"].get("error") {
        Some(e) => Err(format!("{e}: {}", v["value"]["message"])),
        None => Ok(v["value"].clone()),
    }
}

/// A browser session: chromedriver, one headless Chromium, the page's address.
struct Browser {
    driver: Child,
    port: u16,
    session: String,
    shots: PathBuf,
    step: u32,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = http(
            self.port,
            "DELETE",
            &format!("/session/{}", self.session),
            None,
        );
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

impl Browser {
    fn start() -> Browser {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let driver = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver runs (tools/web-deps installs it)");
        let t = Instant::now();
        while http(port, "GET", "/status", None).is_err() {
            assert!(
                t.elapsed() < Duration::from_secs(30),
                "chromedriver did not start"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        let profile = std::env::temp_dir().join(format!("ashtapada-web-{}", std::process::id()));
        let args = [
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1400,1000",
        ];
        let mut args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        args.push(format!("--user-data-dir={}", profile.display()));
        let caps = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": { "binary": "/usr/bin/chromium", "args": args },
        }}});
        let v = http(port, "POST", "/session", Some(&caps)).expect("a Chromium session");
        let shots = common::root().join("target/web-screenshots");
        std::fs::create_dir_all(&shots).unwrap();
        Browser {
            driver,
            port,
            session: v["sessionId"].as_str().unwrap().to_string(),
            shots,
            step: 0,
        }
    }

    fn cmd(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let p = format!("/session/{}{path}", self.session);
        http(self.port, method, &p, body.as_ref()).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    fn js(&self, script: &str) -> Value {
        self.cmd(
            "POST",
            "/execute/sync",
            Some(json!({ "script": script, "args": [] })),
        )
    }

    fn find(&self, css: &str) -> String {
        let v = self.cmd(
            "POST",
            "/element",
            Some(json!({ "using": "css selector", "value": css })),
        );
        v[ELEMENT].as_str().unwrap().to_string()
    }

    fn click(&self, css: &str) {
        let e = self.find(css);
        self.cmd("POST", &format!("/element/{e}/click"), Some(json!({})));
    }

    fn keys(&self, css: &str, text: &str) {
        let e = self.find(css);
        self.cmd(
            "POST",
            &format!("/element/{e}/value"),
            Some(json!({ "text": text })),
        );
    }

    /// Waits up to `secs` seconds for the script to return true.
    fn wait(&self, script: &str, secs: u64, what: &str) {
        let t = Instant::now();
        while self.js(script) != json!(true) {
            if t.elapsed() > Duration::from_secs(secs) {
                let page = self.js("return ['status', 'move-error', 'thinking', 'load-status']\
                     .map(id => id + ': ' + document.getElementById(id).textContent).join('; ')");
                panic!("timed out: {what} (page: {page})");
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Saves a screenshot as `target/web-screenshots/NN-name.png`.
    fn shot(&mut self, name: &str) {
        self.step += 1;
        let b64 = self.cmd("GET", "/screenshot", None);
        let png = base64(b64.as_str().unwrap());
        let file = self.shots.join(format!("{:02}-{name}.png", self.step));
        std::fs::write(file, png).unwrap();
    }

    /// Clicks a square: the piece on it if there is one, else the square.
    fn click_square(&self, sq: &str) {
        let piece = format!("g.piece[data-square='{sq}']");
        let has = self.js(&format!("return !!document.querySelector(\"{piece}\")"));
        if has == json!(true) {
            self.click(&piece);
        } else {
            self.click(&format!("rect[data-square='{sq}']"));
        }
    }

    fn count(&self, css: &str) -> u64 {
        let n = self.js(&format!(
            "return document.querySelectorAll(\"{css}\").length"
        ));
        n.as_u64().unwrap()
    }
}

/// Standard base64 to bytes (the screenshots).
fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let clean: Vec<u8> = text.bytes().filter(|&c| c != b'=' && c != b'\n').collect();
    let mut out = Vec::with_capacity(clean.len() * 3 / 4);
    for chunk in clean.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= (value(c) as u32) << (18 - 6 * i);
        }
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..chunk.len() - 1]);
    }
    out
}

const READY: &str = "return document.body.dataset.ready === 'true'";

/// Loads a built-in through the variant list, as a person picks it.
fn pick_variant(b: &Browser, name: &str) {
    b.click(&format!("#variant option[value='{name}']"));
    b.wait(
        &format!("return window.playground.state.variant.name === '{name}'"),
        20,
        name,
    );
}

/// Chaturaji: roll, then play a die's move by clicking its piece and its target.
fn dice_turn(b: &mut Browser) {
    b.shot("chaturaji-start");
    assert_eq!(b.count("g.piece"), 32);
    b.click("#roll");
    b.wait(
        "return document.querySelectorAll('#dice .die').length === 2",
        10,
        "two dice",
    );
    let m = b.js("return window.playground.state.legal[0]");
    b.shot("chaturaji-rolled");
    b.click_square(m["from"].as_str().unwrap());
    assert!(b.count("rect.square.target") > 0, "the targets are marked");
    b.click_square(m["to"].as_str().unwrap());
    if b.js("return !document.getElementById('choice').hidden") == json!(true) {
        b.click("#choice-buttons button");
    }
    b.wait(
        "return document.querySelectorAll('#moves li').length === 2",
        10,
        "the move listed",
    );
    b.click("#undo");
    assert_eq!(b.count("#moves li"), 1, "undone");
    b.click("#redo");
    assert_eq!(b.count("#moves li"), 2, "redone");
    b.shot("chaturaji-moved");
    // The die left is forfeited: Pass ends the turn, the next seat is to roll.
    let mover = b.js("return window.playground.state.position.to_move");
    assert_eq!(b.count("#dice .die"), 1, "one die left");
    b.click("#pass");
    b.wait(
        "return document.querySelectorAll('#moves li').length === 3",
        10,
        "the forfeit listed",
    );
    let p = b.js("return window.playground.state.position");
    assert_ne!(p["to_move"], mover, "the turn passed");
    assert_eq!(p["awaiting_roll"], json!(true), "the next seat rolls");
    b.shot("chaturaji-die-forfeited");
}

/// The four seats' discs differ, and each seat's letters read on its disc (WCAG contrast of
/// at least 3, the large-text level: the letters are 24 px bold).
fn four_seat_colours(b: &Browser) {
    let seats = b.js(
        "const lum = (hex) => { if (hex.length === 4) hex = '#' + [...hex.slice(1)].map(c => c + c).join('');\
           const c = [1, 3, 5].map(i => parseInt(hex.slice(i, i + 2), 16) / 255)\
           .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);\
           return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]; };\
         const out = {};\
         for (const g of document.querySelectorAll('g.piece')) {\
           const fill = g.querySelector('circle').getAttribute('fill');\
           const ink = g.querySelector('text').getAttribute('fill');\
           const [a, b] = [lum(fill), lum(ink)].sort((x, y) => y - x);\
           out[g.dataset.seatName] = [fill, (a + 0.05) / (b + 0.05)];\
         }\
         return out;",
    );
    let seats = seats.as_object().unwrap();
    assert_eq!(seats.len(), 4, "{seats:?}");
    let fills: std::collections::BTreeSet<&str> =
        seats.values().map(|v| v[0].as_str().unwrap()).collect();
    assert_eq!(fills.len(), 4, "four different disc colours: {seats:?}");
    for (seat, v) in seats {
        let contrast = v[1].as_f64().unwrap();
        assert!(contrast >= 3.0, "{seat}: letters at contrast {contrast:.2}");
    }
}

/// Four-player shogi with a pawn in south's hand: click the hand, then a square.
fn shogi_drop(b: &mut Browser) {
    pick_variant(b, "yonin-shogi");
    let start = b.js("return window.playground.state.position.position");
    let with_pawn = start.as_str().unwrap().replacen("[]", "[sP]", 1);
    b.js("document.getElementById('fen').value = ''");
    b.keys("#fen", &with_pawn);
    b.click("#set-fen");
    b.wait(
        "return document.querySelectorAll('.hand button').length === 1",
        10,
        "the hand",
    );
    b.click(".hand button");
    let to = b.js("return window.playground.state.legal.find(m => m.drop !== null).to");
    let to = to.as_str().unwrap().to_string();
    b.shot("yonin-shogi-hand-selected");
    b.click_square(&to);
    b.wait(
        &format!("return !!document.querySelector(\"g.piece[data-square='{to}'][data-text='P']\")"),
        10,
        "the dropped pawn",
    );
    assert_eq!(b.count(".hand button"), 0);
    b.shot("yonin-shogi-dropped");
}

/// Chaturanga: a line the compiler does not know is reported at its line, column 1; taken
/// out again, the file is valid, the game restarts and a move is typed in.
fn broken_and_fixed(b: &mut Browser) {
    pick_variant(b, "chaturanga");
    let lines = b.js("return document.getElementById('editor').value.split('\\n').length");
    let lines = lines.as_u64().unwrap();
    let added = "\nbogus-key: 1";
    b.keys("#editor", added);
    b.wait(
        "return document.querySelectorAll('#diagnostics li.error').length > 0",
        10,
        "the located error",
    );
    let line = b.js("return document.querySelector('#diagnostics li.error').dataset.line");
    let text = b.js("return document.getElementById('editor').value");
    let expect = text
        .as_str()
        .unwrap()
        .lines()
        .position(|l| l == "bogus-key: 1");
    assert_eq!(
        line.as_str().unwrap().parse::<usize>().unwrap(),
        expect.unwrap() + 1,
        "{lines} lines before"
    );
    let marked = b
        .js("return [...document.querySelectorAll('#editor-marks .err')].map(e => e.dataset.line)");
    assert_eq!(marked, json!([line]), "the line is marked in the editor");
    b.shot("broken-rule-file");
    b.keys("#editor", &"\u{E003}".repeat(added.len()));
    b.wait(
        "return document.getElementById('check-status').className === 'ok'",
        10,
        "valid again",
    );
    b.click("#apply");
    b.keys("#move-input", "e2e3\n");
    b.wait(
        "return document.querySelectorAll('#moves li').length === 1",
        10,
        "typed move",
    );
    b.shot("fixed-and-played");
}

/// Chaturanga, black to move: made the easy computer, black replies; after white's next
/// typed move, it replies again.
fn computer_reply(b: &mut Browser) {
    b.click("#players select[data-seat='1'] option[value='easy']");
    b.wait(
        "return document.querySelectorAll('#moves li').length === 2",
        60,
        "the computer's move",
    );
    b.keys("#move-input", "d2d3\n");
    b.wait(
        "return document.querySelectorAll('#moves li').length === 4",
        60,
        "the computer's reply",
    );
    b.shot("computer-replied");
}

/// Chess from a FEN: the four pieces stand where it puts them, in their seats.
fn fen_drawn(b: &mut Browser) {
    pick_variant(b, "chess");
    b.js("document.getElementById('fen').value = ''");
    b.keys("#fen", "4k3/8/8/3q4/8/8/8/R3K3 w - - 0 1");
    b.click("#set-fen");
    b.wait(
        "return document.querySelectorAll('g.piece').length === 4",
        10,
        "four pieces",
    );
    for (sq, seat, kind) in [
        ("e8", "black", "king"),
        ("d5", "black", "queen"),
        ("a1", "white", "rook"),
        ("e1", "white", "king"),
    ] {
        let css =
            format!("g.piece[data-square='{sq}'][data-seat-name='{seat}'][data-kind='{kind}']");
        assert_eq!(b.count(&css), 1, "{css}");
    }
    b.shot("fen-drawn");
}

/// Chess: a pawn on the seventh rank offers its promotion choices; the knight is chosen and
/// drawn. Then a mate in one typed in: the result and ranking are shown, and the position's
/// FEN is written out after the move.
fn promotion_and_result(b: &mut Browser) {
    b.js("document.getElementById('fen').value = ''");
    b.keys("#fen", "7k/P7/8/8/8/8/8/K7 w - - 0 1");
    b.click("#set-fen");
    b.wait(
        "return document.querySelectorAll('g.piece').length === 3",
        10,
        "three pieces",
    );
    b.click_square("a7");
    b.click_square("a8");
    b.wait(
        "return !document.getElementById('choice').hidden",
        10,
        "the promotion choices",
    );
    assert_eq!(
        b.count("#choice-buttons button"),
        4,
        "queen, rook, bishop, knight"
    );
    b.shot("promotion-choices");
    b.click("#choice-buttons button[data-move$='n']");
    b.wait(
        "return !!document.querySelector(\"g.piece[data-square='a8'][data-kind='knight']\")",
        10,
        "the knight on a8",
    );
    b.js("document.getElementById('fen').value = ''");
    b.keys("#fen", "k7/8/1K6/8/8/8/8/7R w - - 0 1");
    b.click("#set-fen");
    b.keys("#move-input", "h1h8\n");
    b.wait(
        "return !!document.getElementById('ranking')",
        10,
        "the result",
    );
    let rows = b.js("return [...document.querySelectorAll('#ranking tr')].map(r => r.textContent)");
    let rows: Vec<&str> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    assert!(
        rows.len() == 2 && rows[0].contains("white") && rows[1].contains("black"),
        "{rows:?}"
    );
    let fen = b.js("return document.getElementById('fen').value");
    assert!(
        fen.as_str().unwrap().starts_with("k6R/8/1K6/8/8/8/8/8 b"),
        "{fen}"
    );
    b.shot("mate-result");
}

/// Xiangqi: a 9 by 10 board, every square drawn, 32 pieces.
fn other_shape(b: &mut Browser) {
    pick_variant(b, "xiangqi");
    assert_eq!(b.count("rect.square"), 90);
    assert_eq!(b.count("g.piece"), 32);
    b.shot("xiangqi-board");
}

/// A quick simulation of 1,000 seeded random games with an option swept draws the CLI's
/// picture at its own size: the difference from the baseline, the win shares and the game
/// lengths; at phone width nothing scrolls sideways.
fn simulation_and_phone(b: &mut Browser) {
    pick_variant(b, "chaturanga");
    b.js("document.getElementById('sim-games').value = '1000'");
    b.click("#sim-sweep option[value='bare-king']");
    b.click("#sim-run");
    b.wait("return !!document.getElementById('sim-svg')", 300, "chart");
    let texts = b.js("return document.getElementById('sim-svg').textContent");
    let texts = texts.as_str().unwrap();
    for title in [
        "difference from the baseline",
        "win share, 95% interval (1000 games each)",
        "game length",
    ] {
        assert!(texts.contains(title), "no `{title}` in the chart: {texts}");
    }
    let width = b.js("return document.getElementById('sim-svg').getBoundingClientRect().width");
    assert_eq!(width.as_f64().unwrap().round(), 1100.0, "the CLI's size");
    b.js("document.getElementById('sim-svg').scrollIntoView()");
    b.shot("simulation");
    b.cmd(
        "POST",
        "/window/rect",
        Some(json!({ "width": 390, "height": 844 })),
    );
    pick_variant(b, "chaturaji");
    let wide = b.js("return document.documentElement.scrollWidth <= window.innerWidth + 1");
    assert_eq!(wide, json!(true), "no sideways scrolling at phone width");
    b.shot("phone-width");
}

#[test]
fn the_playground_plays_in_headless_chromium() {
    common::build();
    let port = serve(common::root().join("web/www"));
    let mut b = Browser::start();
    let url = format!("http://127.0.0.1:{port}/?variant=chaturaji");
    b.cmd("POST", "/url", Some(json!({ "url": url })));
    b.wait(READY, 60, "the page and its WebAssembly");
    dice_turn(&mut b);
    four_seat_colours(&b);
    shogi_drop(&mut b);
    broken_and_fixed(&mut b);
    computer_reply(&mut b);
    fen_drawn(&mut b);
    promotion_and_result(&mut b);
    other_shape(&mut b);
    simulation_and_phone(&mut b);
}
