/** The widths at which axe must find nothing on any page (the spec's rule). */
export const AXE_WIDTHS = [1440, 390];

/** The widths every page is laid out at: 320 px for WCAG 1.4.10, a small phone, the spec's 390 and 1440 px, and a tablet. */
export const REFLOW_WIDTHS = [320, 360, 390, 768, 1440];
