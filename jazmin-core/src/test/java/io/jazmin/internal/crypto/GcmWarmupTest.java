package io.jazmin.internal.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The AES-GCM warm-up finishes within its bounded rounds (0 would mean AES-GCM is missing). */
class GcmWarmupTest {

    @Test
    void warmsUpWithinItsRounds() {
        assertThat(GcmWarmup.run()).isBetween(1, GcmWarmup.MAX_ROUNDS);
    }
}
