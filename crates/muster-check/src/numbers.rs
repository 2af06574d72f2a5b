//! Whole numbers written with a decimal point (`5.0`) are integers.
//!
//! JSON Schema counts `5.0` as an integer (2020-12 Validation §6.1.1) but serde refuses
//! to read a `u32` from it. So that `muster validate` and any schema tool agree, a number
//! with no fractional part becomes an integer before the schema and serde see it; `5.5`
//! still fails the schema where a whole number is asked for.

use serde_json::{Number, Value};

/// Below 2^53 every whole `f64` is exact, so the conversion changes no value.
const EXACT: f64 = 9_007_199_254_740_992.0;

/// Rewrites every whole-valued float in `value` as an integer, in place. Iterative, so a
/// deeply nested file cannot exhaust the stack.
pub(crate) fn whole_floats_as_integers(value: &mut Value) {
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        match v {
            Value::Number(n) => {
                if let Some(whole) = n.as_f64().filter(|_| n.is_f64()).and_then(as_integer) {
                    *n = whole;
                }
            }
            Value::Array(items) => stack.extend(items.iter_mut()),
            Value::Object(map) => stack.extend(map.values_mut()),
            _ => {}
        }
    }
}

fn as_integer(f: f64) -> Option<Number> {
    if f.fract() != 0.0 || f.abs() >= EXACT {
        return None;
    }
    Some(if f >= 0.0 {
        Number::from(f as u64)
    } else {
        Number::from(f as i64)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn whole_floats_become_integers_and_fractions_stay() {
        let mut v = json!({"turns": 5.0, "list": [-3.0, 0.5, 7], "scale": 1.5});
        whole_floats_as_integers(&mut v);
        assert_eq!(v, json!({"turns": 5, "list": [-3, 0.5, 7], "scale": 1.5}));
        assert!(v["turns"].is_u64());
    }

    #[test]
    fn huge_floats_are_left_alone() {
        let mut v = json!(1e300);
        whole_floats_as_integers(&mut v);
        assert!(v.is_f64());
    }
}
