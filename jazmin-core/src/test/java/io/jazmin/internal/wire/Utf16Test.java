package io.jazmin.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Chars;
import org.junit.jupiter.api.Test;

/** The unpaired-surrogate check agrees with whether a string survives a UTF-8 round trip. */
class Utf16Test {

    @Test
    void findsTheFirstUnpairedSurrogate() {
        assertThat(Utf16.unpairedSurrogate("")).isEqualTo(-1);
        assertThat(Utf16.unpairedSurrogate("a\uD83D\uDE00b")).isEqualTo(-1);
        assertThat(Utf16.unpairedSurrogate("ab\uD800")).isEqualTo(2);
        assertThat(Utf16.unpairedSurrogate("a\uDC00\uD800")).isEqualTo(1);
        assertThat(Utf16.unpairedSurrogate("\uD83D\uDE00\uDE00")).isEqualTo(2);
        assertThat(Utf16.unpairedSurrogate("\uD800\uD83D\uDE00")).isEqualTo(0);
    }

    /** Strings of a letter, both halves of a pair and a lone low surrogate: pairs, lone halves and reversed pairs. */
    @Property(tries = 500)
    void agreesWithTheUtf8RoundTrip(@ForAll @Chars({'a', '\uD83D', '\uDE00', '\uDC00'}) String s) {
        boolean roundTrips = new String(s.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8).equals(s);
        assertThat(Utf16.unpairedSurrogate(s) < 0).isEqualTo(roundTrips);
    }
}
