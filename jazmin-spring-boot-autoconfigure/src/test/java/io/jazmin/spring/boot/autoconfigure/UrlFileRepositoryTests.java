package io.jazmin.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.options.WriteOptions;
import io.jazmin.schema.Column;
import io.jazmin.schema.ColumnType;
import io.jazmin.source.SourceChangedException;
import io.jazmin.spring.boot.autoconfigure.domain.published.Article;
import io.jazmin.spring.boot.autoconfigure.domain.published.ArticleRepository;
import io.jazmin.spring.boot.diagnostics.FilePreparationFailureAnalyzer;
import io.jazmin.spring.boot.diagnostics.ReadOnlyFileFailureAnalyzer;
import io.jazmin.spring.boot.health.JazminFileHealthIndicator;
import io.jazmin.spring.data.core.FileAccess;
import io.jazmin.spring.data.core.JazminFiles;
import io.jazmin.spring.data.core.ReadOnlyFileException;
import io.jazmin.testing.RangeServer;
import io.jazmin.testing.RangeServer.Behaviour;
import io.jazmin.testing.Written;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.InvalidDataAccessResourceUsageException;

/**
 * A file configured by {@code jazmin.files.<name>.url}, served by a real HTTP server on a loopback
 * port that answers {@code Range} requests with an ETag ({@link RangeServer}, the JDK's
 * {@code com.sun.net.httpserver}): repositories read it, writes are refused naming the file, a file
 * published anew is read anew on the next operation, and a read under way when it is replaced fails
 * typed instead of mixing two versions.
 */
class UrlFileRepositoryTests {
    private static final List<Column> COLUMNS = List.of(Column.required("id", ColumnType.INT),
            Column.of("title", ColumnType.STRING));
    private static final WriteOptions OPTIONS = WriteOptions.defaults().withChunkRows(500)
            .withNow(Instant.parse("2026-01-02T03:04:05Z"));
    private static final AtomicInteger PATHS = new AtomicInteger();
    @RegisterExtension
    static final RangeServer server = RangeServer.start();

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(JazminAutoConfiguration.class,
                    JazminRepositoriesAutoConfiguration.class))
            .withUserConfiguration(PublishedPackage.class);

    /** Articles {@code 0..rows-1}, titles of random letters (so that the file is larger than one read). */
    private static byte[] articles(int rows, String prefix) {
        Random random = new Random(rows);
        List<List<Object>> data = new ArrayList<>();
        for (long i = 0; i < rows; i++) {
            data.add(List.of(i, prefix + i + "-" + Long.toString(random.nextLong() & Long.MAX_VALUE, 36)
                    + Long.toString(random.nextLong() & Long.MAX_VALUE, 36)));
        }
        return Written.file(COLUMNS, data, OPTIONS);
    }

    private static URI serve(byte[] file, Behaviour behaviour) {
        return server.serve("/articles" + PATHS.incrementAndGet() + ".jzm", file, behaviour);
    }

    @Test
    void repositoriesReadTheFileAndRefuseEveryWriteNamingIt() {
        URI url = serve(articles(300, "a-"), Behaviour.HONEST);
        String signed = url + "?X-Signature=s3cr3tsig";
        runner.withPropertyValues("jazmin.files.articles.url=" + signed).run(context -> {
            assertThat(context).hasNotFailed();
            ArticleRepository articles = context.getBean(ArticleRepository.class);
            assertThat(articles.count()).isEqualTo(300);
            assertThat(articles.findById(7L)).get().extracting(Article::title).asString().startsWith("a-7-");
            assertThat(articles.findByTitleStartingWith("a-29")).extracting(Article::id)
                    .containsExactlyInAnyOrder(29L, 290L, 291L, 292L, 293L, 294L, 295L, 296L, 297L, 298L, 299L);

            assertThatThrownBy(() -> articles.save(new Article(1_000, "new")))
                    .isInstanceOf(InvalidDataAccessResourceUsageException.class)
                    .hasCauseInstanceOf(ReadOnlyFileException.class)
                    .hasMessageContaining("'articles'").hasMessageContaining(url.toString())
                    .hasMessageNotContaining("s3cr3tsig");
            assertThatThrownBy(() -> articles.deleteById(7L)).hasCauseInstanceOf(ReadOnlyFileException.class);
            assertThatThrownBy(articles::deleteAll).hasCauseInstanceOf(ReadOnlyFileException.class);
            assertThatThrownBy(articles::compact).hasCauseInstanceOf(ReadOnlyFileException.class);
            assertThat(articles.count()).isEqualTo(300);

            FileAccess file = context.getBean(JazminFiles.class).get("articles");
            assertThat(file.definition().toString()).contains(url.toString()).doesNotContain("s3cr3tsig");
            assertThat(context.getBean(JazminProperties.class).getFiles().get("articles").toString())
                    .doesNotContain("s3cr3tsig");
            Health health = new JazminFileHealthIndicator(file, Duration.ZERO).health();
            assertThat(health.getStatus()).isEqualTo(Status.UP);
            assertThat(health.getDetails()).containsEntry("url", url.toString()).containsEntry("rows", 300L);
            assertThat(file.storage().tables().get(0).rowCount()).isEqualTo(300);
        });
    }

    @Test
    void aFilePublishedAnewIsReadAnewOnTheNextOperation() {
        for (Behaviour behaviour : List.of(Behaviour.HONEST, Behaviour.IGNORES_IF_MATCH)) {
            URI url = serve(articles(300, "a-"), behaviour);
            runner.withPropertyValues("jazmin.files.articles.url=" + url).run(context -> {
                ArticleRepository articles = context.getBean(ArticleRepository.class);
                assertThat(articles.count()).as(behaviour.name()).isEqualTo(300);
                assertThat(articles.findById(300L)).as(behaviour.name()).isEmpty();
                assertThat(articles.count()).as("an unchanged file keeps its readers").isEqualTo(300);

                server.replace(url.getPath(), articles(320, "b-"));
                assertThat(articles.count()).as(behaviour.name()).isEqualTo(320);
                assertThat(articles.findById(300L)).as(behaviour.name()).get().extracting(Article::title)
                        .asString().startsWith("b-300-");
                assertThat(articles.findById(7L)).get().extracting(Article::title).asString().startsWith("b-7-");
            });
        }
    }

    @Test
    void aReadUnderWayWhenTheFileIsReplacedFailsTypedAndTheNextReadsTheNewVersion() {
        // Larger than the 64 KiB the source reads from the end when it opens: the first chunks are fetched
        // while the stream is consumed, one by one (priority memory: nothing decoded ahead).
        byte[] first = articles(20_000, "a-");
        assertThat(first.length).isGreaterThan(3 * 65_536);
        URI url = serve(first, Behaviour.HONEST);
        runner.withPropertyValues("jazmin.files.articles.url=" + url, "jazmin.files.articles.priority=memory")
                .run(context -> {
                    ArticleRepository articles = context.getBean(ArticleRepository.class);
                    try (Stream<Article> all = articles.findByIdGreaterThanEqual(0)) {
                        Iterator<Article> it = all.iterator();
                        assertThat(it.next().title()).startsWith("a-0-");
                        server.replace(url.getPath(), articles(20_000, "b-"));
                        assertThatThrownBy(() -> {
                            while (it.hasNext()) {
                                assertThat(it.next().title()).as("never a row of the new version").startsWith("a-");
                            }
                        }).isInstanceOf(DataAccessResourceFailureException.class)
                                .hasRootCauseInstanceOf(SourceChangedException.class)
                                .hasMessageContaining(url.getPath());
                    }
                    assertThat(articles.findById(0L)).get().extracting(Article::title).asString().startsWith("b-0-");
                });
    }

    @Test
    void aUrlFileThatWouldBeWrittenOrIsGivenTwiceFailsTheStart() {
        URI url = serve(articles(10, "a-"), Behaviour.HONEST);
        runner.withPropertyValues("jazmin.files.articles.url=" + url, "jazmin.files.articles.create-if-missing=true")
                .run(context -> {
                    assertThat(context).hasFailed().getFailure().rootCause()
                            .isInstanceOf(ReadOnlyFileException.class).hasMessageContaining("'articles'")
                            .hasMessageContaining("creating it when missing");
                    FailureAnalysis analysis = new ReadOnlyFileFailureAnalyzer().analyze(context.getStartupFailure());
                    assertThat(analysis.getDescription()).contains(url.toString(), "jazmin.files.articles.url",
                            "jazmin.files.articles.create-if-missing");
                    assertThat(analysis.getAction()).contains("jazmin.files.articles.path");
                });
        runner.withPropertyValues("jazmin.files.articles.url=" + url, "jazmin.files.articles.compaction.appends=5")
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .isInstanceOf(ReadOnlyFileException.class).hasMessageContaining("compaction threshold"));
        runner.withPropertyValues("jazmin.files.articles.url=" + url, "jazmin.files.articles.path=articles.jzm")
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .isInstanceOf(ConflictingJazminPropertiesException.class)
                        .hasMessageContaining("jazmin.files.articles.path").hasMessageContaining("jazmin.files.articles.url"));
        URI missing = server.url("/missing.jzm");
        runner.withPropertyValues("jazmin.files.articles.url=" + missing + "?sig=abc123").run(context -> {
            assertThat(context).hasFailed();
            FailureAnalysis analysis = new FilePreparationFailureAnalyzer().analyze(context.getStartupFailure());
            assertThat(analysis.getDescription()).contains("(" + missing + ")", "404").doesNotContain("abc123", "null");
            assertThat(analysis.getAction()).contains("jazmin.files.articles.url");
        });
        runner.withPropertyValues("jazmin.files.articles.url=ftp://ann:pw@127.0.0.1/articles.jzm")
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("jazmin.files.articles.url").hasMessageContaining("not an http(s) URL")
                        .hasMessageNotContaining("ann:"));
    }

    @Configuration(proxyBeanMethods = false)
    @AutoConfigurationPackage(basePackageClasses = Article.class)
    static class PublishedPackage {
    }
}
