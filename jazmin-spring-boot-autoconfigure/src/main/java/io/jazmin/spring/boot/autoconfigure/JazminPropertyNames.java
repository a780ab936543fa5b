package io.jazmin.spring.boot.autoconfigure;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName.Form;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.core.env.Environment;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.StandardEnvironment;

/**
 * The names of the {@code jazmin.*} properties, read from {@link JazminProperties} by reflection
 * ({@code *} standing for a map key: a file name, an indexed column), and the check that the
 * environment sets no other.
 */
final class JazminPropertyNames {
    static final String PREFIX = "jazmin";
    /** Read by a condition, not bound to {@link JazminProperties}. */
    private static final String REPOSITORIES_ENABLED = "jazmin.repositories.enabled";
    private static final String ANY = "*";
    private static final Set<String> SYSTEM_WIDE = Set.of(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME,
            StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME);
    private static final ConfigurationPropertyName ROOT = ConfigurationPropertyName.of(PREFIX);

    private JazminPropertyNames() {
    }

    /** Every valid name, dashed, with {@code *} for map keys ({@code jazmin.files.*.path}). */
    static List<String> known() {
        List<String> names = new ArrayList<>();
        collect(PREFIX, JazminProperties.class, names, false);
        names.add(REPOSITORIES_ENABLED);
        return names;
    }

    /** The names of the fields marked {@link JazminSecret}, in the form of {@link #known()}. */
    static List<String> secrets() {
        List<String> names = new ArrayList<>();
        collect(PREFIX, JazminProperties.class, names, true);
        return names;
    }

    private static void collect(String prefix, Class<?> type, List<String> names, boolean secretsOnly) {
        for (Field field : type.getDeclaredFields()) {
            if (Modifier.isStatic(field.getModifiers())) {
                continue;
            }
            String name = prefix + "." + dashed(field.getName());
            Class<?> fieldType = field.getType();
            if (Map.class.isAssignableFrom(fieldType)) {
                Class<?> value = mapValueType(field);
                if (isNested(value)) {
                    collect(name + "." + ANY, value, names, secretsOnly);
                } else if (!secretsOnly || field.isAnnotationPresent(JazminSecret.class)) {
                    names.add(name + "." + ANY);
                }
            } else if (isNested(fieldType)) {
                collect(name, fieldType, names, secretsOnly);
            } else if (!secretsOnly || field.isAnnotationPresent(JazminSecret.class)) {
                names.add(name);
            }
        }
    }

    private static boolean isNested(Class<?> type) {
        return type.getDeclaringClass() == JazminProperties.class;
    }

    private static Class<?> mapValueType(Field field) {
        var value = ((ParameterizedType) field.getGenericType()).getActualTypeArguments()[1];
        return value instanceof Class<?> c ? c : Object.class;
    }

    private static String dashed(String camel) {
        return camel.replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT);
    }

    /**
     * Fails on the first {@code jazmin.*} property of {@code environment} that is not a valid name
     * (system properties and environment variables excepted).
     *
     * @throws UnknownJazminPropertyException naming it, where it is set and the nearest valid name
     */
    static void check(Environment environment) {
        List<String[]> known = known().stream().map(k -> k.split("\\.")).toList();
        for (ConfigurationPropertySource source : ConfigurationPropertySources.get(environment)) {
            if (!(source instanceof IterableConfigurationPropertySource iterable) || isSystemWide(source)) {
                continue;
            }
            iterable.filter(ROOT::isAncestorOf).stream().map(JazminPropertyNames::withoutListIndexes)
                    .filter(name -> known.stream().noneMatch(k -> matches(k, name))).findFirst()
                    .ifPresent(name -> {
                        throw new UnknownJazminPropertyException(name.toString(), nearest(name, known),
                                String.valueOf(source.getUnderlyingSource()));
                    });
        }
    }

    /**
     * System properties and environment variables are shared with other tools (the CLI, test and
     * benchmark settings such as {@code jazmin.shared.dir}): not checked.
     */
    private static boolean isSystemWide(ConfigurationPropertySource source) {
        return source.getUnderlyingSource() instanceof PropertySource<?> propertySource
                && SYSTEM_WIDE.contains(propertySource.getName());
    }

    /** {@code sorted-by[0]} is {@code sorted-by}. */
    private static ConfigurationPropertyName withoutListIndexes(ConfigurationPropertyName name) {
        ConfigurationPropertyName result = name;
        while (result.isLastElementIndexed()
                && result.getLastElement(Form.UNIFORM).chars().allMatch(Character::isDigit)) {
            result = result.getParent();
        }
        return result;
    }

    private static boolean matches(String[] known, ConfigurationPropertyName name) {
        if (known.length != name.getNumberOfElements()) {
            return false;
        }
        for (int i = 0; i < known.length; i++) {
            if (!known[i].equals(ANY) && !known[i].replace("-", "").equals(name.getElement(i, Form.UNIFORM))) {
                return false;
            }
        }
        return true;
    }

    /** The known name nearest to {@code name}, its map keys ({@code *}) filled with those of {@code name}. */
    private static String nearest(ConfigurationPropertyName name, List<String[]> known) {
        String given = name.toString();
        return known.stream().map(k -> filled(k, name)).min(Comparator.comparingInt(k -> distance(given, k)))
                .orElseThrow();
    }

    private static String filled(String[] known, ConfigurationPropertyName name) {
        List<String> elements = new ArrayList<>();
        for (int i = 0; i < known.length; i++) {
            elements.add(known[i].equals(ANY) && i < name.getNumberOfElements()
                    ? name.getElement(i, Form.DASHED) : known[i]);
        }
        return String.join(".", elements);
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
