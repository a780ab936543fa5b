package io.jazmin.starter.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * An application with only the starter and {@code spring-boot-starter-webmvc}, on a real server: a
 * controller taking a {@code Pageable} works, {@code spring.data.web.*} is honoured (Spring Boot's
 * Spring Data web support comes with the starter, as with Boot's data starters), and query mistakes
 * a request causes answer {@code 400} problem details.
 */
@SpringBootTest(classes = BookShop.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"spring.data.web.pageable.default-page-size=3", "jazmin.files.books.create-if-missing=true"})
class StarterWebTests {
    private static Path dir;
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Value("${local.server.port}")
    int port;

    @Autowired
    Books books;

    @DynamicPropertySource
    static void booksFile(DynamicPropertyRegistry registry) throws IOException {
        dir = Files.createTempDirectory("boot-starter-web");
        registry.add("jazmin.files.books.path", () -> dir.resolve("books.jzm").toString());
    }

    @AfterAll
    static void deleteFiles() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.toList()) {
                Files.delete(file);
            }
        }
        Files.delete(dir);
    }

    @BeforeEach
    void sevenBooks() {
        books.deleteAll();
        List<Book> all = new ArrayList<>();
        LongStream.rangeClosed(1, 7).forEach(id -> all.add(new Book(id, "title " + (char) ('a' + id), "sf")));
        all.add(new Book(8, "other", "crime"));
        books.saveAll(all);
    }

    private HttpResponse<String> get(String pathAndQuery) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + pathAndQuery)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aPageableControllerGetsTheConfiguredDefaultPageSize() throws Exception {
        HttpResponse<String> response = get("/books?genre=sf");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonNode body = JSON.readTree(response.body());
        assertThat(body.get("content")).hasSize(3);
        assertThat(body.get("page").get("size").asInt()).isEqualTo(3);
        assertThat(body.get("page").get("totalElements").asLong()).isEqualTo(7);
    }

    @Test
    void pageAndSortParametersReachTheRepository() throws Exception {
        HttpResponse<String> response = get("/books?genre=sf&page=1&size=2&sort=title,desc");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonNode content = JSON.readTree(response.body()).get("content");
        assertThat(List.of(content.get(0).get("id").asLong(), content.get(1).get("id").asLong()))
                .containsExactly(5L, 4L);
    }

    @Test
    void anUnknownSortPropertyIsABadRequestProblem() throws Exception {
        HttpResponse<String> response = get("/books?genre=sf&sort=nosuch");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/problem+json"));
        JsonNode problem = JSON.readTree(response.body());
        assertThat(problem.get("status").asInt()).isEqualTo(400);
        assertThat(problem.get("property").asString()).isEqualTo("nosuch");
        assertThat(problem.get("detail").asString()).contains("nosuch");
    }

    @Test
    void aQueryArgumentTheStoreCannotUseIsABadRequestProblem() throws Exception {
        HttpResponse<String> response = get("/books/titled?pattern=" + URLEncoder.encode("t%t%e", StandardCharsets.UTF_8));

        assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
        assertThat(JSON.readTree(response.body()).get("detail").asString()).contains("Like pattern");
        assertThat(get("/books/titled?pattern=" + URLEncoder.encode("%title%", StandardCharsets.UTF_8)).statusCode())
                .isEqualTo(200);
    }
}
