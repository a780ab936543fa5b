package io.jazmin.convert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminValidationException;
import org.junit.jupiter.api.Test;

/** The {@code chunkMap} member of the access JSON: on when absent, {@code false} leaves the map out. */
class AccessSettingsJsonTest {

    @Test
    void chunkMapIsOnUnlessTheJsonTurnsItOff() {
        assertThat(AccessSettingsJson.parse("{\"partitionBy\": \"region\"}").chunkMap()).isTrue();
        assertThat(AccessSettingsJson.parse("{\"partitionBy\": \"region\", \"chunkMap\": true}").chunkMap()).isTrue();
        assertThat(AccessSettingsJson.parse("{\"partitionBy\": \"region\", \"chunkMap\": false}").chunkMap())
                .isFalse();
    }

    @Test
    void aChunkMapThatIsNotABooleanIsRefused() {
        assertThatThrownBy(() -> AccessSettingsJson.parse("{\"chunkMap\": \"no\"}"))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("chunkMap must be true or false");
        assertThatThrownBy(() -> AccessSettingsJson.parse("{\"chunkmap\": false}"))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("unknown member 'chunkmap'");
    }
}
