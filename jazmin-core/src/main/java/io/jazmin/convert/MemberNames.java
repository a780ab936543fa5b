package io.jazmin.convert;

import io.jazmin.error.JazminValidationException;
import java.util.HashSet;
import java.util.Set;

/** The member names seen in one JSON object, to refuse a name given twice (JSON leaves that undefined). */
final class MemberNames {
    private final Set<String> seen = new HashSet<>();

    void add(String name) {
        if (!seen.add(name)) {
            throw new JazminValidationException("duplicate member name '" + name + "'");
        }
    }
}
