//! Colours compared as people see them: sRGB to CIE L*a*b* (D65), and the distance ΔE*ab
//! between two (the CIE 1976 formulas; a difference of about 2.3 is just noticeable).

/// A colour in CIE L*a*b*.
pub type Lab = [f32; 3];

/// sRGB (0–255) to CIE L*a*b*, D65 white.
pub fn lab([r, g, b]: [u8; 3]) -> Lab {
    let lin = |c: u8| {
        let c = f32::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let (r, g, b) = (lin(r), lin(g), lin(b));
    let x = (0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b) / 0.950_47;
    let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175 * b;
    let z = (0.019_333_9 * r + 0.119_192 * g + 0.950_304_1 * b) / 1.088_83;
    let f = |t: f32| {
        if t > 0.008_856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// ΔE*ab (CIE 1976): the Euclidean distance in L*a*b*.
pub fn delta_e(a: Lab, b: Lab) -> f32 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// The median of each channel: a colour that text, a road or a grid line crossing part of
/// the hex does not pull (unlike the mean), and that no single pixel decides (unlike the
/// centre pixel). `None` for no colours.
pub fn median(colours: &mut [Lab]) -> Option<Lab> {
    if colours.is_empty() {
        return None;
    }
    let mut out = [0.0; 3];
    let mid = colours.len() / 2;
    for (c, o) in out.iter_mut().enumerate() {
        colours.select_nth_unstable_by(mid, |a, b| a[c].total_cmp(&b[c]));
        *o = colours[mid][c];
    }
    Some(out)
}
