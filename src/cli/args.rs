//! Command-line arguments: one positional file and `--name value` options.

use crate::rules::map::Coord;

#[derive(Debug, Default, Clone)]
pub struct Args {
    pub file: Option<String>,
    pub attack: Vec<Coord>,
    pub defend: Option<Coord>,
    pub units: Vec<u32>,
    pub night: bool,
    pub rules: Option<String>,
    /// `--melee-system NAME`: the melee system to use instead of the scenario's (D-sys-1).
    pub melee_system: Option<crate::rules::params::MeleeSystemName>,
    pub seed: Option<u64>,
    pub orders: Option<String>,
    pub save: Option<String>,
    pub from: Option<String>,
    pub hold: Option<String>,
    pub json: bool,
}

pub fn coord(s: &str) -> Result<Coord, String> {
    let (c, r) = s
        .split_once(',')
        .ok_or_else(|| format!("`{s}`: expected a hex as COLUMN,ROW (e.g. 12,7)"))?;
    let num = |x: &str| {
        x.trim()
            .parse::<i32>()
            .map_err(|_| format!("`{s}`: expected a hex as COLUMN,ROW of whole numbers"))
    };
    Ok(Coord {
        col: num(c)?,
        row: num(r)?,
    })
}

impl Args {
    pub fn parse(argv: &[String]) -> Result<Args, String> {
        let mut a = Args::default();
        let mut it = argv.iter();
        while let Some(arg) = it.next() {
            let mut value = |name: &str| {
                it.next()
                    .cloned()
                    .ok_or_else(|| format!("{name} needs a value"))
            };
            match arg.as_str() {
                "--json" => a.json = true,
                "--night" => a.night = true,
                "--attack" => {
                    a.attack = value("--attack")?
                        .split(';')
                        .filter(|s| !s.trim().is_empty())
                        .map(coord)
                        .collect::<Result<_, _>>()?
                }
                "--defend" => a.defend = Some(coord(&value("--defend")?)?),
                "--units" => {
                    a.units = value("--units")?
                        .split(',')
                        .map(|s| {
                            s.trim()
                                .parse()
                                .map_err(|_| format!("--units: `{s}` is not a unit id"))
                        })
                        .collect::<Result<_, _>>()?
                }
                "--rules" => a.rules = Some(value("--rules")?),
                "--melee-system" => a.melee_system = Some(value("--melee-system")?.try_into()?),
                "--orders" => a.orders = Some(value("--orders")?),
                "--save" => a.save = Some(value("--save")?),
                "--from" => a.from = Some(value("--from")?),
                "--hold" => a.hold = Some(value("--hold")?),
                "--seed" => {
                    let v = value("--seed")?;
                    a.seed = Some(
                        v.parse()
                            .map_err(|_| format!("--seed: `{v}` is not a whole number"))?,
                    )
                }
                s if s.starts_with("--") => return Err(format!("unknown option {s}")),
                s if a.file.is_none() => a.file = Some(s.to_string()),
                s => return Err(format!("unexpected argument `{s}`")),
            }
        }
        Ok(a)
    }

    pub fn file(&self) -> Result<&str, String> {
        self.file
            .as_deref()
            .ok_or_else(|| "expected a scenario FILE".to_string())
    }
}

impl Args {
    /// The scenario's rules as the command line changes them: `--rules` switches optional
    /// rules on, `--melee-system` picks the melee system.
    pub fn adjust(&self, s: &mut crate::rules::scenario::Scenario) -> Result<(), String> {
        if let Some(r) = &self.rules {
            s.params.optional.enable(r)?;
        }
        if let Some(m) = self.melee_system {
            s.params.melee_system = m;
        }
        Ok(())
    }
}
