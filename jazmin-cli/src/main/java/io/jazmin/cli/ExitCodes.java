package io.jazmin.cli;

/** The exit codes of the {@code jazmin} command. */
final class ExitCodes {
    static final int OK = 0;
    /** Picocli's code for an exception nobody expected (a bug). */
    static final int INTERNAL = 1;
    static final int USAGE = 2;
    static final int UNREADABLE = 3;

    private ExitCodes() {
    }
}
