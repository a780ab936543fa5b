package io.jazmin.spring.boot.health;

import io.jazmin.spring.data.core.FileAccess;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * Health of one configured file: up when it opens (with its secret), with its path, rows, columns
 * and sort order; down, naming the file and the cause, when it is missing or cannot be opened (a
 * wrong key or password, a damaged file, ...). Never shows the secret.
 */
public class JazminFileHealthIndicator extends AbstractHealthIndicator {
    private final FileAccess file;

    public JazminFileHealthIndicator(FileAccess file) {
        super("JAZMIN file health check failed");
        this.file = file;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        builder.withDetail("file", file.name()).withDetail("path", file.path().toString());
        if (!file.exists()) {
            builder.down().withDetail("error", "file does not exist");
            return;
        }
        try {
            file.read(table -> builder.up().withDetail("rows", table.rowCount())
                    .withDetail("columns", table.columns().size())
                    .withDetail("sortedBy", table.sortedBy()));
        } catch (RuntimeException e) {
            // The engine's and Spring's exceptions name what is wrong and never carry the secret.
            builder.down().withDetail("error", e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }
}
