package io.jazmin.spring.boot.autoconfigure;

import java.util.ArrayList;
import java.util.List;

/**
 * Checks that a configured file names at most one way to open it ({@code key}, {@code password},
 * {@code owner-key} or {@code access-key}) and an {@code unlock-token} only beside an
 * {@code access-key}, before any secret reaches a definition; a mistake is a
 * {@link ConflictingJazminPropertiesException} naming both properties.
 */
final class SecretProperties {
    private static final String WHAT_EACH_IS = "key for a file encrypted with a key (jzk1-...), password for a "
            + "password file, owner-key for the owner of a shared file, access-key (jza1-..., with unlock-token "
            + "for an online grant) for a reader of a shared file";

    private SecretProperties() {
    }

    static void check(String name, JazminProperties.File file) {
        String prefix = "jazmin.files." + name + ".";
        List<String> set = new ArrayList<>();
        addIfSet(set, "key", file.getKey());
        addIfSet(set, "password", file.getPassword());
        addIfSet(set, "owner-key", file.getOwnerKey());
        addIfSet(set, "access-key", file.getAccessKey());
        if (set.size() > 1) {
            String first = prefix + set.get(0);
            String second = prefix + set.get(1);
            throw new ConflictingJazminPropertiesException(first, second, "The properties " + first + " and " + second
                    + " are both set, but JAZMIN file '" + name + "' is opened with one secret.",
                    "Remove one of " + first + " and " + second + ": " + WHAT_EACH_IS + ".");
        }
        if (isSet(file.getUnlockToken()) && !isSet(file.getAccessKey())) {
            String token = prefix + "unlock-token";
            String accessKey = prefix + "access-key";
            throw new ConflictingJazminPropertiesException(token, accessKey, "The property " + token
                    + " is set without " + accessKey + ": an unlock token opens an access key's online grant.",
                    "Set " + accessKey + " to the access key the token belongs to, or remove " + token + ".");
        }
    }

    private static void addIfSet(List<String> set, String property, String value) {
        if (isSet(value)) {
            set.add(property);
        }
    }

    /** An empty placeholder ({@code ${KEY:}}) means no secret, as in {@link FileDefinitions}. */
    private static boolean isSet(String value) {
        return value != null && !value.isBlank();
    }
}
