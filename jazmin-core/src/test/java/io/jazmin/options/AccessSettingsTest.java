package io.jazmin.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminValidationException;
import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link AccessSettings}' withers: each returns new settings, groups and grants added in order, nothing shared. */
class AccessSettingsTest {
    private static final JazminKey OWNER = JazminKey.generate();
    private static final AccessGrant BOB = AccessGrant.of(AccessKeyText.generate(OWNER)).withRows(List.of("ZA"));
    private static final AccessGrant SALLY = AccessGrant.of(AccessKeyText.generate(OWNER));

    @Test
    void theDefaultsHaveNoPartitionColumnGroupsOrGrantsAndWriteTheChunkMap() {
        AccessSettings d = AccessSettings.defaults();
        assertThat(d.partitionBy()).isNull();
        assertThat(d.columnGroups()).isEmpty();
        assertThat(d.grants()).isEmpty();
        assertThat(d.chunkMap()).isTrue();
    }

    @Test
    void eachWitherReturnsNewSettingsAndLeavesTheOriginal() {
        AccessSettings base = AccessSettings.defaults();
        AccessSettings s = base.withPartitionBy("country").withColumnGroup("pii", List.of("email"))
                .withColumnGroup("money", List.of("balance", "iban")).withGrant(BOB).withGrant(SALLY).withChunkMap(false);
        assertThat(s).isEqualTo(new AccessSettings("country",
                orderedGroups("pii", List.of("email"), "money", List.of("balance", "iban")), List.of(BOB, SALLY), false));
        assertThat(List.copyOf(s.columnGroups().keySet())).containsExactly("pii", "money");
        assertThat(base).isEqualTo(AccessSettings.defaults());
        assertThat(base.grants()).isEmpty();
        assertThat(s.withPartitionBy(null).partitionBy()).isNull();
        assertThat(s.partitionBy()).isEqualTo("country");
    }

    @Test
    void theListWithersReplaceWhatWasThere() {
        AccessSettings s = AccessSettings.defaults().withColumnGroup("pii", List.of("email")).withGrant(BOB);
        assertThat(s.withGrants(List.of(SALLY)).grants()).containsExactly(SALLY);
        assertThat(s.withColumnGroups(Map.of("other", List.of("x"))).columnGroups()).containsOnlyKeys("other");
        assertThat(s.withGrants(List.of()).grants()).isEmpty();
    }

    @Test
    void aGroupDeclaredTwiceIsRefusedAndANullGrantToo() {
        AccessSettings s = AccessSettings.defaults().withColumnGroup("pii", List.of("email"));
        assertThatThrownBy(() -> s.withColumnGroup("pii", List.of("phone")))
                .isInstanceOf(JazminValidationException.class).hasMessageContaining("column group 'pii' is declared twice");
        assertThatThrownBy(() -> s.withGrant(null)).isInstanceOf(NullPointerException.class).hasMessageContaining("grant");
    }

    @Test
    void whatTheCallerPassedIsCopied() {
        List<String> columns = new ArrayList<>(List.of("email"));
        List<AccessGrant> grants = new ArrayList<>(List.of(BOB));
        AccessSettings s = AccessSettings.defaults().withColumnGroup("pii", columns).withGrants(grants);
        columns.add("phone");
        grants.add(SALLY);
        assertThat(s.columnGroups().get("pii")).containsExactly("email");
        assertThat(s.grants()).containsExactly(BOB);
        assertThatThrownBy(() -> s.grants().add(SALLY)).isInstanceOf(UnsupportedOperationException.class);
    }

    private static Map<String, List<String>> orderedGroups(String a, List<String> aColumns, String b, List<String> bColumns) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        m.put(a, aColumns);
        m.put(b, bColumns);
        return m;
    }
}
