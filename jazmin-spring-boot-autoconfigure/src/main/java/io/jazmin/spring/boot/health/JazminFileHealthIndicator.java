package io.jazmin.spring.boot.health;

import io.jazmin.spring.data.core.FileAccess;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * Health of one configured file: up when it opens (with its secret) and reports its rows; down when
 * it is missing or cannot be opened. Shows the path and row count, never the secret.
 */
public class JazminFileHealthIndicator extends AbstractHealthIndicator {
    private final FileAccess file;

    public JazminFileHealthIndicator(FileAccess file) {
        super("JAZMIN file health check failed");
        this.file = file;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        builder.withDetail("path", file.path().toString());
        if (!file.exists()) {
            builder.down().withDetail("error", "file does not exist");
            return;
        }
        file.read(table -> builder.up().withDetail("rows", table.rowCount())
                .withDetail("columns", table.columns().size())
                .withDetail("sortedBy", table.sortedBy()));
    }
}
