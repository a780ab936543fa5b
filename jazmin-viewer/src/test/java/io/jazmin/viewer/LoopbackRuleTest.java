package io.jazmin.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which hosts and peer addresses a loopback-only server accepts; names are never looked up. */
class LoopbackRuleTest {

    @Test
    void hostHeadersNamingThisMachine() {
        assertThat(LoopbackRule.loopbackHost("127.0.0.1:8080")).isTrue();
        assertThat(LoopbackRule.loopbackHost("localhost")).isTrue();
        assertThat(LoopbackRule.loopbackHost("LOCALHOST:1")).isTrue();
        assertThat(LoopbackRule.loopbackHost("[::1]:8080")).isTrue();
        assertThat(LoopbackRule.loopbackHost("::1")).isTrue();
        assertThat(LoopbackRule.loopbackHost("2001:db8::1")).isFalse();
        assertThat(LoopbackRule.loopbackHost("127.1.2.3")).isTrue();
        assertThat(LoopbackRule.loopbackHost("evil.example:8080")).isFalse();
        assertThat(LoopbackRule.loopbackHost("localhost.evil.example")).isFalse();
        assertThat(LoopbackRule.loopbackHost("127.0.0.1.evil.example")).isFalse();
        assertThat(LoopbackRule.loopbackHost("[::1")).isFalse();
        assertThat(LoopbackRule.loopbackHost("")).isFalse();
        assertThat(LoopbackRule.loopbackHost(null)).isFalse();
    }

    @Test
    void peerAddresses() {
        assertThat(LoopbackRule.loopbackAddress("127.0.0.1")).isTrue();
        assertThat(LoopbackRule.loopbackAddress("127.255.0.9")).isTrue();
        assertThat(LoopbackRule.loopbackAddress("0:0:0:0:0:0:0:1")).isTrue();
        assertThat(LoopbackRule.loopbackAddress("::1")).isTrue();
        assertThat(LoopbackRule.loopbackAddress("203.0.113.5")).isFalse();
        assertThat(LoopbackRule.loopbackAddress("2001:db8::1")).isFalse();
        assertThat(LoopbackRule.loopbackAddress("128.0.0.1")).isFalse();
        assertThat(LoopbackRule.loopbackAddress("127.0.0.256")).isFalse();
        assertThat(LoopbackRule.loopbackAddress("127.0.0")).isFalse();
        // Names are not addresses: never looked up, never loopback.
        assertThat(LoopbackRule.loopbackAddress("localhost")).isFalse();
        assertThat(LoopbackRule.loopbackAddress("abc")).isFalse();
        assertThat(LoopbackRule.loopbackAddress("")).isFalse();
        assertThat(LoopbackRule.loopbackAddress(null)).isFalse();
    }
}
