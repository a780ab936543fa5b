package io.jazmin.convert;

/** Shortens user values quoted in error messages so one bad cell cannot flood the terminal. */
final class Abbrev {
    private static final int MAX = 40;

    private Abbrev() {
    }

    static String of(String text) {
        return text.length() <= MAX ? text : text.substring(0, MAX) + "…";
    }
}
