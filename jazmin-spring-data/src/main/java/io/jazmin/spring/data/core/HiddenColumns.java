package io.jazmin.spring.data.core;

import io.jazmin.schema.Column;
import io.jazmin.JazminTable;
import io.jazmin.spring.data.core.mapping.JazminPersistentEntity;
import io.jazmin.spring.data.core.mapping.JazminPersistentProperty;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The start-up check of an entity stored in a shared file opened with an access key (spec §1.19):
 * every member must be bound to a column the key sees. A member bound to any other column fails,
 * naming the file, the member and the column groups hidden from the key, as the key cannot tell
 * whether such a column exists at all.
 */
final class HiddenColumns {
    private HiddenColumns() {
    }

    /** @throws HiddenColumnException for the first member bound to a column {@code table} does not show */
    static void check(FileAccess file, JazminPersistentEntity<?> entity, JazminTable table) {
        List<String> hidden = table.hiddenColumnGroups();
        if (hidden.isEmpty()) {
            return;
        }
        Set<String> visible = new HashSet<>();
        for (Column c : table.columns()) {
            visible.add(c.name());
        }
        for (JazminPersistentProperty p : entity) {
            if (!p.isTransient() && !visible.contains(p.getColumnName())) {
                throw new HiddenColumnException(file.name(), entity.getType().getSimpleName() + "." + p.getName(),
                        p.getColumnName(), hidden, table.visibleColumnGroups());
            }
        }
    }
}
