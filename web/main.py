# Entry point run by PyScript (index.html).  The engine and the DOM layer come from
# thousand.zip, unpacked into the working directory by the "files" config.
from thousand.web import app

app.start()
