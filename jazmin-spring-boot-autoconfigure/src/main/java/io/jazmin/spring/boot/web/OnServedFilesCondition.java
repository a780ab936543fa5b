package io.jazmin.spring.boot.web;

import io.jazmin.spring.boot.autoconfigure.JazminProperties;
import java.util.List;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/** Matches when some {@code jazmin.files.<name>.serve-embedded-files} is {@code true}. */
final class OnServedFilesCondition extends SpringBootCondition {

    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
        List<String> served = Binder.get(context.getEnvironment())
                .bind("jazmin.files", Bindable.mapOf(String.class, JazminProperties.File.class))
                .map(files -> files.entrySet().stream().filter(e -> e.getValue().isServeEmbeddedFiles())
                        .map(e -> e.getKey()).toList())
                .orElse(List.of());
        return served.isEmpty() ? ConditionOutcome.noMatch("no jazmin.files.<name>.serve-embedded-files is true")
                : ConditionOutcome.match("embedded files served for " + served);
    }
}
